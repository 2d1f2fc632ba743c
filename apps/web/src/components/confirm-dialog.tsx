import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { labels } from '@vigil/core';
import { useId } from 'react';
import { useSingleFlight } from '../lib/use-single-flight';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel?: string;
  pending?: boolean;
  /**
   * A change that takes something away (deactivation, a removal) is shown in the error colour, and the
   * dialog opens on Cancel: Enter pressed at once, or a second press of the key that opened it, must not
   * make it.
   */
  destructive?: boolean;
  /**
   * The change. When it answers a promise, a second press before it settles does nothing (a double-click
   * lands before `pending` has disabled the button).
   */
  onConfirm: () => unknown;
  onCancel: () => void;
}

/** A yes/cancel question before a change that matters (deactivations, a clinic's new name). */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel = labels.cancel,
  pending = false,
  destructive = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  const once = useSingleFlight();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={pending} autoFocus={destructive}>
          {cancelLabel}
        </Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          // A dialog closing (it fades out) takes no more presses: the second click of a double-click
          // that lands after the change has settled would make it again.
          onClick={() => {
            if (open) once(async () => onConfirm());
          }}
          loading={pending}
          autoFocus={!destructive}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
