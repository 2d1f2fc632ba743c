import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type FormAnswer, formTexts } from '@vigil/core';
import { type Ref, useId } from 'react';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { FormAnswersList } from './form-answers-list';

/** What the dialog shows: a form in a frame (new, duplicated or View), or an external submission's answers. */
export type OpenedForm =
  | { kind: 'frame'; title: string; url: string; external: boolean }
  | { kind: 'answers'; title: string; answers: FormAnswer[] };

interface FormsFrameDialogProps {
  opened: OpenedForm | null;
  /** Something is answered in the frame and not submitted: closing (or leaving the page) asks first. */
  answered: boolean;
  frameRef: Ref<HTMLIFrameElement>;
  onClose: () => void;
}

/**
 * A form opened from the Forms panel, nearly full screen (full screen on a phone); a completed form closes
 * the dialog from the panel. Closing drops the frame and whatever was answered in it, so only the close
 * button and Escape close it, after the unsaved-changes question once a Vigil form has answers (a form
 * hosted elsewhere cannot tell this page): a click beside a long form, on the backdrop, does not.
 */
export function FormsFrameDialog({ opened, answered, frameRef, onClose }: FormsFrameDialogProps) {
  const titleId = useId();
  const guard = useUnsavedChangesGuard(opened?.kind === 'frame' && answered);
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  return (
    <>
      {guard.prompt}
      <Dialog
        open={opened !== null}
        onClose={(_event, reason) => {
          if (reason !== 'backdropClick' || opened?.kind !== 'frame') guard.confirmDiscard(onClose);
        }}
        aria-labelledby={titleId}
        fullScreen={small}
        fullWidth
        maxWidth="lg"
        slotProps={{ paper: { sx: small ? undefined : { height: '90vh' } } }}
      >
        <Stack
          direction="row"
          sx={{ alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
        >
          <Typography id={titleId} variant="h2" sx={{ fontSize: '1.15rem', flex: 1, minWidth: 0 }} noWrap>
            {opened?.title}
          </Typography>
          <IconButton onClick={() => guard.confirmDiscard(onClose)} aria-label={formTexts.close} edge="end">
            <Close />
          </IconButton>
        </Stack>
        {opened?.kind === 'frame' && (
          <Box
            component="iframe"
            ref={frameRef}
            title={opened.title}
            src={opened.url}
            // A form hosted elsewhere gets no access to this origin; Vigil's own page is this origin's app.
            sandbox={opened.external ? 'allow-scripts allow-forms allow-same-origin allow-popups' : undefined}
            sx={{ flex: 1, width: '100%', border: 0, display: 'block', bgcolor: 'background.default' }}
          />
        )}
        {opened?.kind === 'answers' && (
          <DialogContent>
            <FormAnswersList answers={opened.answers} />
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}
