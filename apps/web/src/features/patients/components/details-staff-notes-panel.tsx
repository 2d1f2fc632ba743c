import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { detailLabels, StaffNoteForm, type StaffNoteView, staffNoteDayGroupsPerLoad } from '@vigil/core';
import { useId, useMemo, useState } from 'react';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useAddStaffNote } from '../api/add-staff-note';
import { useStaffNotes } from '../api/get-staff-notes';
import { useUpdateStaffNote } from '../api/update-staff-note';
import { formatDayOf, formatTime, pacificDayKey } from './details-format';
import { DetailsPanel } from './details-panel';
import { DetailsStaffNoteDialog } from './details-staff-note-dialog';

interface DayGroup {
  day: string;
  notes: StaffNoteView[];
}

/** Notes by their Pacific calendar day, newest day first (the server answers newest first). */
function groupByDay(notes: readonly StaffNoteView[]): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const note of notes) {
    const day = pacificDayKey(note.insertedAt);
    const last = groups.at(-1);
    if (last?.day === day) last.notes.push(note);
    else groups.push({ day, notes: [note] });
  }
  return groups;
}

/** One note: NOTE notes are editable inline (Edit, Save, Cancel), FORM notes are view-only (spec patients 4). */
function StaffNoteItem({
  note,
  patientId,
  editable,
}: {
  note: StaffNoteView;
  patientId: string;
  editable: boolean;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const update = useUpdateStaffNote();
  const changed = draft !== null && draft !== note.text;
  // What the server would refuse of a text typed (a note too long), shown under the field; an empty one
  // only disables Save.
  const problem = draft?.trim()
    ? StaffNoteForm.safeParse({ text: draft }).error?.issues[0]?.message
    : undefined;
  const guard = useUnsavedChangesGuard(changed && !update.isPending);
  const author = note.author?.fullName ?? detailLabels.unknownAuthor;

  // One save per press: a double-click lands before the button waits.
  const once = useSingleFlight();
  function handleSave() {
    if (draft === null || !draft.trim()) return;
    once(() =>
      guard
        .saving(update.mutateAsync({ patientId, noteId: note._id, text: draft }))
        .then(() => setDraft(null)),
    );
  }

  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      {guard.prompt}
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="caption" color="text.secondary">
          {detailLabels.noteBy(author, formatTime(note.insertedAt))}
          {note.editedBy && ` · ${detailLabels.noteEditedBy(note.editedBy.fullName)}`}
        </Typography>
        {note.type === 'FORM' && <Chip size="small" label={detailLabels.formNote} variant="outlined" />}
        {editable && note.type === 'NOTE' && draft === null && (
          <Button size="small" sx={{ ml: 'auto', minWidth: 0 }} onClick={() => setDraft(note.text)}>
            {detailLabels.edit}
          </Button>
        )}
      </Stack>
      {draft === null ? (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {note.text}
        </Typography>
      ) : (
        <Stack sx={{ gap: 1, mt: 0.5 }}>
          <TextField
            label={detailLabels.noteText}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            multiline
            minRows={2}
            size="small"
            fullWidth
            autoFocus
            error={problem !== undefined}
            helperText={problem}
          />
          <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
            <Button
              size="small"
              onClick={() => guard.confirmDiscard(() => setDraft(null))}
              disabled={update.isPending}
            >
              {detailLabels.cancel}
            </Button>
            <Button
              size="small"
              variant="contained"
              onClick={handleSave}
              disabled={!changed || !draft.trim() || problem !== undefined}
              loading={update.isPending}
            >
              {detailLabels.save}
            </Button>
          </Stack>
        </Stack>
      )}
    </Box>
  );
}

function NoteGroups({
  groups,
  patientId,
  editable,
}: {
  groups: DayGroup[];
  patientId: string;
  editable: boolean;
}) {
  return (
    <Stack sx={{ gap: 1 }}>
      {groups.map((group) => (
        <Box key={group.day} component="section" aria-label={formatDayOf(group.day)}>
          <Typography
            variant="subtitle2"
            component="h3"
            sx={{ bgcolor: 'action.hover', px: 1, py: 0.25, borderRadius: 1 }}
          >
            {formatDayOf(group.day)}
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0, px: 1 }}>
            {group.notes.map((note) => (
              <StaffNoteItem key={note._id} note={note} patientId={patientId} editable={editable} />
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

type AddState = 'closed' | 'open' | 'minimised';

/**
 * The Staff Notes panel (spec patients 2.6, 4): notes by day (Pacific), three day-groups at first and 'Load
 * More Notes' for three more, 'View All', and 'Add Staff Note', which can be minimised to a floating tab.
 */
export function DetailsStaffNotesPanel({ patientId }: { patientId: string }) {
  const viewAllTitleId = useId();
  const notes = useStaffNotes(patientId);
  const addNote = useAddStaffNote();
  const [shownGroups, setShownGroups] = useState(staffNoteDayGroupsPerLoad);
  const [viewAll, setViewAll] = useState(false);
  const [adding, setAdding] = useState<AddState>('closed');
  const groups = useMemo(() => groupByDay(notes.data ?? []), [notes.data]);

  return (
    <DetailsPanel
      title={detailLabels.staffNotes}
      action={
        <>
          <Button size="small" onClick={() => setViewAll(true)} disabled={groups.length === 0}>
            {detailLabels.viewAll}
          </Button>
          <Button
            size="small"
            variant="contained"
            startIcon={<Add />}
            onClick={() => setAdding('open')}
            disabled={adding !== 'closed'}
          >
            {detailLabels.addStaffNote}
          </Button>
        </>
      }
    >
      {notes.isPending ? (
        <Typography variant="body2" color="text.secondary">
          {detailLabels.loading}
        </Typography>
      ) : groups.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {detailLabels.noStaffNotes}
        </Typography>
      ) : (
        <>
          <NoteGroups groups={groups.slice(0, shownGroups)} patientId={patientId} editable />
          {groups.length > shownGroups && (
            <Button
              sx={{ alignSelf: 'center', mt: 1 }}
              onClick={() => setShownGroups((n) => n + staffNoteDayGroupsPerLoad)}
            >
              {detailLabels.loadMoreNotes}
            </Button>
          )}
        </>
      )}

      <Dialog
        open={viewAll}
        onClose={() => setViewAll(false)}
        aria-labelledby={viewAllTitleId}
        maxWidth="sm"
        fullWidth
        scroll="paper"
      >
        <DialogTitle id={viewAllTitleId}>{detailLabels.allStaffNotes}</DialogTitle>
        <DialogContent dividers>
          <NoteGroups groups={groups} patientId={patientId} editable={false} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setViewAll(false)}>{detailLabels.close}</Button>
        </DialogActions>
      </Dialog>
      <DetailsStaffNoteDialog
        open={adding !== 'closed'}
        minimised={adding === 'minimised'}
        title={detailLabels.addStaffNote}
        initialText=""
        onMinimise={() => setAdding('minimised')}
        onRestore={() => setAdding('open')}
        onClose={() => setAdding('closed')}
        onSave={(text) => addNote.mutateAsync({ patientId, text })}
      />
    </DetailsPanel>
  );
}
