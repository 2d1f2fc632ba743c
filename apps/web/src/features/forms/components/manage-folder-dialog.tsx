import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormAdminFolderView, FormFolderInput, formTexts } from '@vigil/core';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { CancelButton } from '../../../components/cancel-button';
import { FormTextField } from '../../../components/form-text-field';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useSubmitOnce } from '../../../lib/use-single-flight';
import { manageLabels } from './manage-labels';

interface ManageFolderDialogProps {
  open: boolean;
  /** The folder being renamed, or null for a new one. */
  folder: FormAdminFolderView | null;
  pending: boolean;
  /** Resolves once saved; rejects with the API error, so a taken name shows under the field. */
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** New Folder and Rename: the folder's name. */
export function ManageFolderDialog({ open, folder, pending, onSave, onClose }: ManageFolderDialogProps) {
  const titleId = useId();
  const { control, handleSubmit, reset, setError, formState } = useForm({
    resolver: zodResolver(FormFolderInput),
    defaultValues: { name: folder?.name ?? '' },
  });
  const guard = useUnsavedChangesGuard(open && formState.isDirty && !pending);

  useEffect(() => {
    if (open) reset({ name: folder?.name ?? '' });
  }, [open, folder, reset]);

  const handleClose = () => {
    if (!pending) guard.confirmDiscard(onClose);
  };

  // One folder per press, however fast the second press (or Enter) comes.
  const submitOnce = useSubmitOnce(
    handleSubmit(async ({ name }) => {
      try {
        await guard.saving(onSave(name));
      } catch (error) {
        showServerFieldErrors(error, setError, ['name']);
        return;
      }
      onClose();
    }),
  );
  return (
    <>
      <Dialog open={open} onClose={handleClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>{folder ? manageLabels.renameFolder : formTexts.newFolder}</DialogTitle>
        <form noValidate onSubmit={submitOnce}>
          <DialogContent sx={{ pt: 0 }}>
            <FormTextField
              control={control}
              name="name"
              label={manageLabels.folderName}
              required
              autoFocus
              fullWidth
              sx={{ mt: 1 }}
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <CancelButton onClick={handleClose} disabled={pending} />
            <Button type="submit" variant="contained" loading={pending}>
              {manageLabels.save}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {guard.prompt}
    </>
  );
}
