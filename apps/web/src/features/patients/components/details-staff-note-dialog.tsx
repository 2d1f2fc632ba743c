import { zodResolver } from '@hookform/resolvers/zod';
import EditNote from '@mui/icons-material/EditNote';
import Minimize from '@mui/icons-material/Minimize';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { detailLabels, StaffNoteForm } from '@vigil/core';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { useSingleFlight } from '../../../lib/use-single-flight';

interface DetailsStaffNoteDialogProps {
  open: boolean;
  title: string;
  /** The text the dialog starts from: empty for a new note, the alert's text when clearing one. */
  initialText: string;
  /** Minimised: the dialog is hidden behind a floating 'Staff Note' tab and keeps its text. */
  minimised?: boolean;
  onMinimise?: () => void;
  onRestore?: () => void;
  /** Closed without saving (after the unsaved-changes question) or after a save. */
  onClose: () => void;
  onSave: (text: string) => Promise<unknown>;
  /** 'Save & Clear': the note, and the alert dismissed (the Clear dialog). */
  onSaveAndClear?: (text: string) => Promise<unknown>;
}

type Action = 'save' | 'saveAndClear';

/**
 * The staff note dialog (spec patients 4): Save is disabled until there is text, and leaving with unsaved
 * text asks the unsaved-changes question, minimised or not.
 */
export function DetailsStaffNoteDialog({
  open,
  title,
  initialText,
  minimised = false,
  onMinimise,
  onRestore,
  onClose,
  onSave,
  onSaveAndClear,
}: DetailsStaffNoteDialogProps) {
  const titleId = useId();
  const [pending, setPending] = useState<Action | null>(null);
  const { control, handleSubmit, reset, watch, formState } = useForm<StaffNoteForm>({
    resolver: zodResolver(StaffNoteForm),
    defaultValues: { text: initialText },
  });
  const guard = useUnsavedChangesGuard(open && formState.isDirty && pending === null);
  const hasText = watch('text').trim().length > 0;

  // Every opening starts from its own text.
  useEffect(() => {
    if (open) reset({ text: initialText });
  }, [open, initialText, reset]);

  const handleClose = () => {
    if (pending === null) guard.confirmDiscard(onClose);
  };

  // One note per press, however fast the second press (or Enter) comes.
  const once = useSingleFlight();
  const submit = (action: Action) =>
    handleSubmit(async ({ text }) => {
      const save = action === 'saveAndClear' && onSaveAndClear ? onSaveAndClear : onSave;
      setPending(action);
      try {
        await guard.saving(save(text));
        reset({ text: '' });
        onClose();
      } catch {
        // The error toast is the app's; the text stays for another try.
      } finally {
        setPending(null);
      }
    });

  return (
    <>
      {guard.prompt}
      <Dialog
        open={open && !minimised}
        onClose={handleClose}
        aria-labelledby={titleId}
        maxWidth="sm"
        fullWidth
        keepMounted={Boolean(onMinimise)}
      >
        <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
          <span style={{ flexGrow: 1 }}>{title}</span>
          {onMinimise && (
            <IconButton aria-label={detailLabels.minimise} onClick={onMinimise} disabled={pending !== null}>
              <Minimize />
            </IconButton>
          )}
        </DialogTitle>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            event.stopPropagation();
            once(() => submit('save')(event));
          }}
        >
          <DialogContent sx={{ pt: 0 }}>
            <FormTextField
              control={control}
              name="text"
              label={detailLabels.noteText}
              multiline
              minRows={4}
              maxRows={14}
              fullWidth
              autoFocus
              // What is typed once the save has gone would be cleared with the saved text, unsaved.
              disabled={pending !== null}
              sx={{ mt: 1 }}
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={handleClose} disabled={pending !== null}>
              {detailLabels.cancel}
            </Button>
            <Button
              type="submit"
              variant={onSaveAndClear ? 'outlined' : 'contained'}
              disabled={!hasText || (pending !== null && pending !== 'save')}
              loading={pending === 'save'}
            >
              {detailLabels.save}
            </Button>
            {onSaveAndClear && (
              <Button
                variant="contained"
                disabled={!hasText || (pending !== null && pending !== 'saveAndClear')}
                loading={pending === 'saveAndClear'}
                onClick={() => once(() => submit('saveAndClear')())}
              >
                {detailLabels.saveAndClear}
              </Button>
            )}
          </DialogActions>
        </form>
      </Dialog>
      {open && minimised && onRestore && (
        <Paper
          elevation={8}
          sx={{
            position: 'fixed',
            right: { xs: 12, sm: 24 },
            bottom: 0,
            zIndex: (t) => t.zIndex.snackbar - 1,
            borderRadius: '8px 8px 0 0',
          }}
        >
          <Button
            startIcon={<EditNote />}
            onClick={onRestore}
            aria-label={detailLabels.staffNote}
            title={detailLabels.restore}
            sx={{ px: 2.5, py: 1.25 }}
          >
            {detailLabels.staffNote}
          </Button>
        </Paper>
      )}
    </>
  );
}
