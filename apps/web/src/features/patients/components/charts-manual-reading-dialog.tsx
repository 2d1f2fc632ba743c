import { TZDate } from '@date-fns/tz';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  defaultTimeZone,
  type ManualReading,
  manualReadingForm,
  messages,
  type PatientDetailsView,
  readingsAddedToast,
  readingTimeZoneIds,
  readingTimeZones,
} from '@vigil/core';
import { format } from 'date-fns';
import { useEffect, useId, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { showToast } from '../../../lib/toast';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useAddManualReadings } from '../api/add-manual-readings';
import { chartsLabels } from './charts-labels';

interface ManualReadingValues {
  date: string;
  time: string;
  timezone: string;
  systolic: string;
  diastolic: string;
  heartRate: string;
  weight: string;
}

interface ManualReadingOutput {
  readings: ManualReading[];
}

/** The patient's own zone when it is one of the dialog's US zones, else Pacific (spec patients 4, 9). */
const defaultZone = (patient: PatientDetailsView) =>
  (readingTimeZoneIds as string[]).includes(patient.timezone) ? patient.timezone : defaultTimeZone;

/** A fresh form: now, in the default zone, with no values. */
function freshValues(timezone: string): ManualReadingValues {
  const now = new TZDate(Date.now(), timezone);
  return {
    date: format(now, 'yyyy-MM-dd'),
    time: format(now, 'HH:mm'),
    timezone,
    systolic: '',
    diastolic: '',
    heartRate: '',
    weight: '',
  };
}

/**
 * The core's manual reading form over the dialog's fields: the date and time are one wall-clock instant in
 * the chosen zone, so the core's date messages show under the date. Every error shows at once.
 */
const resolver: Resolver<ManualReadingValues, unknown, ManualReadingOutput> = async (values) => {
  const parsed = manualReadingForm().safeParse({
    ...values,
    date: values.date ? `${values.date}T${values.time || '00:00'}` : '',
  });
  const errors: Record<string, { type: string; message: string }> = {};
  if (values.date && !values.time) errors.time = { type: 'required', message: messages.required };
  if (parsed.success && !errors.time) return { values: parsed.data, errors: {} };
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0] ?? 'root');
    errors[field] ??= { type: 'custom', message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<ManualReadingValues> };
};

interface ChartsManualReadingDialogProps {
  open: boolean;
  patient: PatientDetailsView;
  onClose: () => void;
}

/**
 * The manual reading dialog (spec patients 2.9, 4, 5): date (not in the future), time and US time zone, then
 * blood pressure, heart rate and weight, each validated only when filled. 'Save & Add More' starts again
 * (the zone back to its default); 'Save & Close' closes; nothing is saved while the form is invalid.
 */
export function ChartsManualReadingDialog({ open, patient, onClose }: ChartsManualReadingDialogProps) {
  const titleId = useId();
  const zone = defaultZone(patient);
  const add = useAddManualReadings();
  const [after, setAfter] = useState<'more' | 'close'>('close');
  const { control, handleSubmit, reset, formState } = useForm<ManualReadingValues>({
    // The resolver hands the submit the readings it made, not the typed values.
    resolver: resolver as unknown as Resolver<ManualReadingValues>,
    defaultValues: freshValues(zone),
  });
  const guard = useUnsavedChangesGuard(open && formState.isDirty && !add.isPending);
  const today = format(new TZDate(Date.now(), zone), 'yyyy-MM-dd');

  // Every opening starts from now, in the default zone.
  useEffect(() => {
    if (open) reset(freshValues(zone));
  }, [open, reset, zone]);

  const handleClose = () => {
    if (!add.isPending) guard.confirmDiscard(onClose);
  };

  // One save per press: a double-click lands before the buttons are disabled, and would add the readings twice.
  const once = useSingleFlight();
  const save = (next: 'more' | 'close') =>
    handleSubmit(async (values) => {
      const { readings } = values as unknown as ManualReadingOutput;
      setAfter(next);
      try {
        await guard.saving(add.mutateAsync({ patientId: patient._id, readings }));
      } catch {
        // The error toast is the app's (app/api-errors); the dialog keeps what was typed.
        return;
      }
      showToast(readingsAddedToast(readings.length), 'success');
      reset(freshValues(zone));
      if (next === 'close') onClose();
    });

  const rootError = (formState.errors as { root?: { message?: string } }).root?.message;

  return (
    <>
      <Dialog open={open} onClose={handleClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>{chartsLabels.addReadingTitle}</DialogTitle>
        {/* The fields wait while the readings are saved: what is typed then would be cleared unsaved. */}
        <form noValidate onSubmit={(event) => event.preventDefault()}>
          <DialogContent sx={{ pt: 0 }}>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <FormTextField
                  control={control}
                  disabled={add.isPending}
                  name="date"
                  type="date"
                  label={chartsLabels.date}
                  required
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
                />
                <FormTextField
                  control={control}
                  disabled={add.isPending}
                  name="time"
                  type="time"
                  label={chartsLabels.time}
                  required
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <FormTextField
                  control={control}
                  disabled={add.isPending}
                  name="timezone"
                  select
                  label={chartsLabels.timeZone}
                  required
                >
                  {readingTimeZones.map((z) => (
                    <MenuItem key={z.timeZone} value={z.timeZone}>
                      {z.label}
                    </MenuItem>
                  ))}
                </FormTextField>
              </Stack>
              <Typography variant="subtitle2" component="h3">
                {chartsLabels.bloodPressureGroup}
              </Typography>
              <Stack direction="row" spacing={2}>
                <FormTextField
                  control={control}
                  disabled={add.isPending}
                  name="systolic"
                  label={chartsLabels.systolic}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
                <FormTextField
                  control={control}
                  disabled={add.isPending}
                  name="diastolic"
                  label={chartsLabels.diastolic}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
              </Stack>
              <Stack direction="row" spacing={2}>
                <FormTextField
                  control={control}
                  disabled={add.isPending}
                  name="heartRate"
                  label={chartsLabels.heartRateBpm}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
                <FormTextField
                  control={control}
                  disabled={add.isPending}
                  name="weight"
                  label={chartsLabels.weightLbs}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                />
              </Stack>
              {rootError && <Alert severity="error">{rootError}</Alert>}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={handleClose} disabled={add.isPending}>
              {chartsLabels.cancel}
            </Button>
            <Button
              variant="outlined"
              onClick={() => once(() => save('more')())}
              loading={add.isPending && after === 'more'}
              disabled={add.isPending}
            >
              {chartsLabels.saveAndAddMore}
            </Button>
            <Button
              variant="contained"
              onClick={() => once(() => save('close')())}
              loading={add.isPending && after === 'close'}
              disabled={add.isPending}
            >
              {chartsLabels.saveAndClose}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {guard.prompt}
    </>
  );
}
