import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormSubmissionView, formTexts, labels } from '@vigil/core';
import { useFormSubmissions } from '../api/get-form-submissions';
import { formatSubmittedAt, submittedByName } from './forms-format';

interface FormsSubmissionsTabProps {
  patientId: string;
  /** Whether the form can still be opened new (it is active), so Duplicate has something to open. */
  canDuplicate: (submission: FormSubmissionView) => boolean;
  onDuplicate: (submission: FormSubmissionView) => void;
  onView: (submission: FormSubmissionView) => void;
  /** The submission whose answers are being fetched for Duplicate. */
  duplicating: string | null;
}

/** 'Form Submissions' (spec patients 2.6): this patient's, newest first, ten at a time with 'More'. */
export function FormsSubmissionsTab({
  patientId,
  canDuplicate,
  onDuplicate,
  onView,
  duplicating,
}: FormsSubmissionsTabProps) {
  const pages = useFormSubmissions(patientId);
  if (pages.isPending) {
    return (
      <Typography variant="body2" color="text.secondary">
        {labels.loading}
      </Typography>
    );
  }
  if (pages.isError) return <Alert severity="error">{pages.error.message}</Alert>;
  const submissions = pages.data.pages.flatMap((page) => page.submissions);
  if (submissions.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {formTexts.noSubmissions}
      </Typography>
    );
  }
  return (
    <Stack>
      <Box component="ul" sx={{ m: 0, p: 0 }}>
        {submissions.map((submission) => (
          <Stack
            key={submission._id}
            component="li"
            direction="row"
            sx={{
              listStyle: 'none',
              alignItems: 'center',
              flexWrap: 'wrap',
              columnGap: 1,
              py: 1,
              borderBottom: 1,
              borderColor: 'divider',
              '&:last-of-type': { borderBottom: 0 },
            }}
          >
            <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {submission.formTitle}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {`${submittedByName(submission)} · ${formatSubmittedAt(submission.insertedAt)}`}
              </Typography>
            </Box>
            <Stack direction="row" sx={{ gap: 0.5, ml: 'auto' }}>
              <Button
                size="small"
                onClick={() => onDuplicate(submission)}
                disabled={
                  !canDuplicate(submission) || (duplicating !== null && duplicating !== submission._id)
                }
                loading={duplicating === submission._id}
                aria-label={`${formTexts.duplicate}: ${submission.formTitle}`}
              >
                {formTexts.duplicate}
              </Button>
              <Button
                size="small"
                onClick={() => onView(submission)}
                aria-label={`${formTexts.view}: ${submission.formTitle}`}
              >
                {formTexts.view}
              </Button>
            </Stack>
          </Stack>
        ))}
      </Box>
      {pages.hasNextPage && (
        <Button
          sx={{ alignSelf: 'center', mt: 1 }}
          onClick={() => void pages.fetchNextPage()}
          loading={pages.isFetchingNextPage}
        >
          {formTexts.more}
        </Button>
      )}
    </Stack>
  );
}
