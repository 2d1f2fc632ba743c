import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  detailPageErrors,
  emptyMonthlyNoteText,
  formatDate,
  type MonthlyNoteView,
  monthlyNoteLimit,
  monthlyNoteLimits,
  monthlyNoteTexts,
} from '@vigil/core';
import { format } from 'date-fns';
import { useId, useState } from 'react';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useSaveMonthlyNote } from '../api/save-monthly-note';

/** A month's note, or a month without one yet (no _id, never changed). */
export type MonthlyNoteEntry = Pick<MonthlyNoteView, 'month' | 'year' | 'noteContent' | 'approved'> &
  Partial<Pick<MonthlyNoteView, '_id' | 'lastUpdatedAt' | 'lastUpdatedBy'>>;

/** The panel's own words (the spec's come from @vigil/core). */
export const monthlyNotesLabels = {
  title: 'Monthly Reports',
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  approved: 'Approved',
  noteOf: (month: string) => `Monthly note of ${month}`,
  unknownUser: 'Unknown user',
} as const;

const yearMonth = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

interface MonthlyNotesItemProps {
  patientId: string;
  note: MonthlyNoteEntry;
}

/**
 * One month's note (spec patients 4, 5): viewed, then Edit, then Save or Cancel (which restores the text).
 * An approved note is locked: 'Unlock' unapproves and saves, 'Reviewed' approves and saves. Only a changed
 * text or an approval change is saved; the text keeps to 240 characters and 3 lines.
 */
export function MonthlyNotesItem({ patientId, note }: MonthlyNotesItemProps) {
  const headingId = useId();
  const save = useSaveMonthlyNote();
  const [draft, setDraft] = useState<string | null>(null);
  // The version the editor opened on: a colleague's save after it is shown before this one can replace it.
  const [base, setBase] = useState<string | null>(null);
  const editing = draft !== null;
  const current = note.lastUpdatedAt ?? null;
  const changedMeanwhile = editing && current !== base;
  const startEditing = () => {
    setBase(current);
    setDraft(note.noteContent);
  };
  const changed = editing && draft !== note.noteContent;
  const guard = useUnsavedChangesGuard(changed);
  const limits = monthlyNoteLimits(draft ?? note.noteContent);
  const monthName = format(new Date(note.year, note.month - 1, 1), 'MMMM yyyy');

  const send = (noteContent: string, approved: boolean) =>
    guard.saving(
      save.mutateAsync({
        patientId,
        note: {
          month: note.month,
          year: note.year,
          yearMonthString: yearMonth(note.year, note.month),
          noteContent,
          approved,
          lastUpdatedAt: note.lastUpdatedAt ?? null,
        },
      }),
    );

  // One save per press: a double-click lands before the buttons wait.
  const once = useSingleFlight();
  const handleSave = () => {
    if (draft === null) return;
    // Only an edit triggers a save: an unchanged text just closes the editor.
    if (!changed) return setDraft(null);
    once(() => send(draft, note.approved).then(() => setDraft(null)));
  };

  const handleApproval = (approved: boolean) => {
    once(() => send(note.noteContent, approved));
  };

  return (
    <Box
      component="article"
      aria-labelledby={headingId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
          {monthName}
        </Typography>
        {note.approved && (
          <Chip
            size="small"
            color="success"
            variant="outlined"
            icon={<LockIcon />}
            label={monthlyNotesLabels.approved}
          />
        )}
        <Stack direction="row" sx={{ ml: 'auto', gap: 1 }}>
          {note.approved ? (
            <Button
              size="small"
              variant="outlined"
              onClick={() => handleApproval(false)}
              loading={save.isPending}
            >
              {monthlyNoteTexts.unlock}
            </Button>
          ) : (
            <>
              {!editing && (
                <Button size="small" onClick={startEditing} disabled={save.isPending}>
                  {monthlyNotesLabels.edit}
                </Button>
              )}
              <Button
                size="small"
                variant="outlined"
                onClick={() => handleApproval(true)}
                disabled={editing}
                loading={save.isPending && !editing}
              >
                {monthlyNoteTexts.reviewed}
              </Button>
            </>
          )}
        </Stack>
      </Stack>
      {editing ? (
        <Stack spacing={1}>
          {changedMeanwhile && (
            <Alert severity={note.approved ? 'error' : 'warning'}>
              {note.approved
                ? detailPageErrors.monthlyNoteLocked
                : monthlyNoteTexts.changedMeanwhile(
                    note.lastUpdatedBy?.fullName ?? monthlyNotesLabels.unknownUser,
                  )}
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
                {note.noteContent || emptyMonthlyNoteText}
              </Typography>
            </Alert>
          )}
          <TextField
            multiline
            minRows={3}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            // What is typed once the save has gone would be dropped when the editor closes on success.
            disabled={save.isPending}
            slotProps={{ htmlInput: { 'aria-label': monthlyNotesLabels.noteOf(monthName) } }}
            autoFocus
          />
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
            <Typography
              variant="caption"
              color={limits.characters > monthlyNoteLimit.characters ? 'error' : 'text.secondary'}
            >
              {limits.characterCounter}
            </Typography>
            <Typography
              variant="caption"
              color={limits.lines > monthlyNoteLimit.lines ? 'error' : 'text.secondary'}
            >
              {limits.lineCounter}
            </Typography>
          </Stack>
          <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
            <Button size="small" onClick={() => setDraft(null)} disabled={save.isPending}>
              {monthlyNotesLabels.cancel}
            </Button>
            <Button
              size="small"
              variant="contained"
              onClick={handleSave}
              disabled={!limits.ok || (changedMeanwhile && note.approved)}
              loading={save.isPending}
            >
              {monthlyNotesLabels.save}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Typography
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          color={note.noteContent ? 'text.primary' : 'text.secondary'}
        >
          {note.noteContent || emptyMonthlyNoteText}
        </Typography>
      )}
      {note.lastUpdatedAt && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {monthlyNoteTexts.lastChange(
            formatDate(note.lastUpdatedAt),
            note.lastUpdatedBy?.fullName ?? monthlyNotesLabels.unknownUser,
          )}
        </Typography>
      )}
      {guard.prompt}
    </Box>
  );
}
