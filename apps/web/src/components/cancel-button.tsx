import Button, { type ButtonProps } from '@mui/material/Button';
import { labels } from '@vigil/core';

/**
 * Cancel under a form: pressing it leaves the field being typed in focused until the click. A blur first
 * showed that field's message (a required field left empty, 'Required'), which pushed the button down
 * between the press and the release, and the click was lost: Cancel took two clicks.
 */
export function CancelButton(props: Omit<ButtonProps, 'children' | 'onMouseDown'>) {
  return (
    <Button {...props} onMouseDown={(event) => event.preventDefault()}>
      {labels.cancel}
    </Button>
  );
}
