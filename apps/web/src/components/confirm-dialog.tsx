import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { labels } from '@vigil/core';
import { type RefObject, useId, useRef } from 'react';
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
  /**
   * Where focus goes once the dialog has closed, when the button that opened it is gone (a deleted row's):
   * a keyboard user goes on from there, not from the top of the page.
   */
  focusAfter?: RefObject<HTMLElement | null>;
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
  focusAfter,
}: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  const once = useSingleFlight();
  const dialog = useRef<HTMLDivElement>(null);
  return (
    <Dialog
      ref={dialog}
      open={open}
      onClose={pending ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
      slotProps={{
        transition: {
          // Focus that could not go back to the opener is still in the dialog, which is about to go.
          onExited: () => {
            const stranded = document.activeElement;
            if (!stranded || stranded === document.body || dialog.current?.contains(stranded))
              focusAfter?.current?.focus();
          },
        },
      }}
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
