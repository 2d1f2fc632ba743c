import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  BulkTimeForm,
  bulkTimeDefaults,
  bulkTimeNotes,
  labels,
  notices,
  type PatientFilters,
  toasts,
  trackedTimeTexts,
} from '@vigil/core';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CancelButton } from '../../../components/cancel-button';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { showToast } from '../../../lib/toast';
import { useSubmitOnce } from '../../../lib/use-single-flight';
import { useBulkTimeTrack } from '../api/bulk-time-track';

interface BulkTimeDialogProps {
  open: boolean;
  /** The filtered list the time goes to: every patient of it, on every page. */
  filters: PatientFilters;
  search: string;
  patients: number;
  onClose: () => void;
}

const defaults = { seconds: String(bulkTimeDefaults.seconds), text: bulkTimeDefaults.text };

/** The bulk time dialog of spec patients 2.5: seconds (digits only) and one of the two notes. */
export function BulkTimeDialog({ open, filters, search, patients, onClose }: BulkTimeDialogProps) {
  const titleId = useId();
  const noteLabelId = useId();
  const bulkTime = useBulkTimeTrack();
  const { control, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(BulkTimeForm),
    defaultValues: defaults,
  });
  const guard = useUnsavedChangesGuard(open && formState.isDirty && !bulkTime.isPending);

  // Every opening starts from the defaults.
  useEffect(() => {
    if (open) reset(defaults);
  }, [open, reset]);

  const handleClose = () => {
    if (!bulkTime.isPending) guard.confirmDiscard(onClose);
  };

  // One bulk entry per press, however fast the second press comes.
  const submitOnce = useSubmitOnce(
    handleSubmit(({ seconds, text }) =>
      bulkTime.mutateAsync({ filters, search, seconds, text }).then(({ numAlreadyTracked }) => {
        showToast(toasts.bulkTimeTracked, 'success');
        if (numAlreadyTracked > 0) showToast(toasts.bulkTimeAlreadyTracked, 'info');
        reset(defaults);
        onClose();
      }),
    ),
  );

  return (
    <>
      <Dialog open={open} onClose={handleClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>{labels.addBulkTime}</DialogTitle>
        <form noValidate onSubmit={submitOnce}>
          <DialogContent sx={{ pt: 0 }}>
            <Stack spacing={2.5}>
              <DialogContentText>{notices.bulkTimeIntro(patients)}</DialogContentText>
              <Controller
                name="seconds"
                control={control}
                render={({ field, fieldState }) => (
                  <TextField
                    label={labels.seconds}
                    name={field.name}
                    value={field.value ?? ''}
                    // Digits only (spec patients 5): anything else never reaches the field.
                    onChange={(event) => field.onChange(event.target.value.replace(/\D/g, ''))}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message}
                    slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
                    autoFocus
                  />
                )}
              />
              <Controller
                name="text"
                control={control}
                render={({ field }) => (
                  <FormControl>
                    <FormLabel id={noteLabelId}>{labels.note}</FormLabel>
                    <RadioGroup
                      aria-labelledby={noteLabelId}
                      name={field.name}
                      value={field.value ?? bulkTimeDefaults.text}
                      onChange={(event) => field.onChange(event.target.value)}
                    >
                      {bulkTimeNotes.map((note) => (
                        <FormControlLabel key={note} value={note} control={<Radio />} label={note} />
                      ))}
                    </RadioGroup>
                  </FormControl>
                )}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <CancelButton onClick={handleClose} disabled={bulkTime.isPending} />
            <Button type="submit" variant="contained" loading={bulkTime.isPending}>
              {trackedTimeTexts.addTime}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {guard.prompt}
    </>
  );
}
