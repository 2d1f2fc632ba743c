import CheckCircle from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ActiveIssuesUpdate, activeIssuesSavedMs, detailLabels, type PatientDetailsView } from '@vigil/core';
import { useEffect, useState } from 'react';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { useUpdateActiveIssues } from '../api/update-active-issues';
import { DetailsPanel } from './details-panel';

type Indicator = 'idle' | 'saving' | 'saved';

function SaveIndicator({ state }: { state: Indicator }) {
  if (state === 'idle') return null;
  return (
    <Stack direction="row" role="status" sx={{ alignItems: 'center', gap: 0.5, color: 'text.secondary' }}>
      {state === 'saving' ? (
        <CircularProgress size={14} />
      ) : (
        <CheckCircle color="success" sx={{ fontSize: 16 }} />
      )}
      <Typography variant="caption">
        {state === 'saving' ? detailLabels.saving : detailLabels.saved}
      </Typography>
    </Stack>
  );
}

interface DetailsActiveIssuesPanelProps {
  details: PatientDetailsView;
  open: boolean;
  onToggle: () => void;
}

/**
 * Active Issues (spec patients 4): Edit, then Save (only once the text changed) or Cancel; the indicator
 * shows saving, then saved for 3 seconds; an unsaved edit counts as an unsaved change.
 */
export function DetailsActiveIssuesPanel({ details, open, onToggle }: DetailsActiveIssuesPanelProps) {
  const [draft, setDraft] = useState<string | null>(null);
  // The text the edit started from: a colleague's save since is shown above the draft.
  const [baseText, setBaseText] = useState(details.activeIssues);
  const [indicator, setIndicator] = useState<Indicator>('idle');
  const update = useUpdateActiveIssues();
  // Save sends the version the page shows: a colleague's save the page has not shown yet is refused (409),
  // the page then shows their text above the draft, and the next Save replaces it knowingly.
  const changedMeanwhile = draft !== null && details.activeIssues !== baseText;
  const startEditing = () => {
    setBaseText(details.activeIssues);
    setDraft(details.activeIssues);
  };
  const changed = draft !== null && draft !== details.activeIssues;
  // What the server would refuse (a text too long), shown under the field before Save is offered.
  const problem =
    draft === null
      ? undefined
      : ActiveIssuesUpdate.safeParse({ activeIssues: draft }).error?.issues[0]?.message;
  const guard = useUnsavedChangesGuard(changed && !update.isPending);

  useEffect(() => {
    if (indicator !== 'saved') return;
    const timer = setTimeout(() => setIndicator('idle'), activeIssuesSavedMs);
    return () => clearTimeout(timer);
  }, [indicator]);

  function handleSave() {
    if (!changed) return;
    setIndicator('saving');
    void guard
      .saving(
        update.mutateAsync({
          patientId: details._id,
          activeIssues: draft,
          updatedAt: details.updatedAt,
        }),
      )
      .then(() => {
        setDraft(null);
        setIndicator('saved');
      })
      .catch(() => setIndicator('idle'));
  }

  return (
    <DetailsPanel
      title={detailLabels.activeIssues}
      collapse={{
        open,
        onToggle,
        showLabel: detailLabels.expandPanels,
        hideLabel: detailLabels.collapsePanels,
      }}
      action={
        <>
          <SaveIndicator state={indicator} />
          {draft === null && (
            <Button size="small" onClick={startEditing}>
              {detailLabels.edit}
            </Button>
          )}
        </>
      }
    >
      {guard.prompt}
      {draft === null ? (
        <Typography
          variant="body2"
          color={details.activeIssues ? 'text.primary' : 'text.secondary'}
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {details.activeIssues || detailLabels.noActiveIssues}
        </Typography>
      ) : (
        <Stack sx={{ gap: 1 }}>
          {changedMeanwhile && (
            <Alert severity="warning">
              {detailLabels.activeIssuesChangedMeanwhile}
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
                {details.activeIssues || detailLabels.noActiveIssues}
              </Typography>
            </Alert>
          )}
          <TextField
            label={detailLabels.activeIssues}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            multiline
            minRows={3}
            fullWidth
            autoFocus
            disabled={update.isPending}
            error={problem !== undefined}
            helperText={problem}
          />
          <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
            <Button onClick={() => guard.confirmDiscard(() => setDraft(null))} disabled={update.isPending}>
              {detailLabels.cancel}
            </Button>
            <Button
              variant="contained"
              onClick={handleSave}
              disabled={!changed || problem !== undefined}
              loading={update.isPending}
            >
              {detailLabels.save}
            </Button>
          </Stack>
        </Stack>
      )}
    </DetailsPanel>
  );
}
