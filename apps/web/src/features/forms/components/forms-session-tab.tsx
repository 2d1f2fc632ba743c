import Sms from '@mui/icons-material/SmsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormSummaryView, formTexts, labels } from '@vigil/core';
import { useFormFolders } from '../api/get-form-folders';

interface FormsSessionTabProps {
  onOpen: (form: FormSummaryView) => void;
  onSend: (form: FormSummaryView) => void;
  /** The form whose link is being texted now. */
  sending: string | null;
}

/**
 * 'Session Forms' (spec patients 2.6): each folder with its forms; a form opens in the frame, and a form
 * Vigil hosts can also be texted to the patient as a link. On a wide screen the folders sit side by side.
 */
export function FormsSessionTab({ onOpen, onSend, sending }: FormsSessionTabProps) {
  const folders = useFormFolders();
  if (folders.isPending) {
    return (
      <Typography variant="body2" color="text.secondary">
        {labels.loading}
      </Typography>
    );
  }
  if (folders.isError) return <Alert severity="error">{folders.error.message}</Alert>;
  const shown = folders.data.filter((folder) => folder.forms.length > 0);
  if (shown.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {formTexts.noForms}
      </Typography>
    );
  }
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))',
      }}
    >
      {shown.map((folder) => (
        <Box key={folder._id} component="section" aria-label={folder.name}>
          <Typography
            variant="subtitle2"
            component="h3"
            sx={{ bgcolor: 'action.hover', px: 1, py: 0.25, borderRadius: 1 }}
          >
            {folder.name}
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0 }}>
            {folder.forms.map((form) => (
              <Stack
                key={form._id}
                component="li"
                direction="row"
                sx={{
                  listStyle: 'none',
                  alignItems: 'center',
                  gap: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                  '&:last-of-type': { borderBottom: 0 },
                }}
              >
                <Button
                  onClick={() => onOpen(form)}
                  sx={{ flex: 1, minWidth: 0, justifyContent: 'flex-start', textAlign: 'left', py: 1 }}
                >
                  {form.title}
                </Button>
                {form.kind === 'HOSTED' && (
                  <Button
                    size="small"
                    startIcon={<Sms />}
                    onClick={() => onSend(form)}
                    loading={sending === form._id}
                    disabled={sending !== null && sending !== form._id}
                    aria-label={`${formTexts.sendToPatient}: ${form.title}`}
                    sx={{ flexShrink: 0 }}
                  >
                    {formTexts.sendToPatient}
                  </Button>
                )}
              </Stack>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
