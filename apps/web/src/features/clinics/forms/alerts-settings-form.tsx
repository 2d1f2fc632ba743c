import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type CustomAlert, type CustomAlertsInput, labels } from '@vigil/core';
import { useForm } from 'react-hook-form';
import {
  type ThresholdEntry,
  ThresholdFields,
  toThresholdEntries,
} from '../../../components/threshold-fields';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { useSubmitOnce } from '../../../lib/use-single-flight';

interface AlertsSettingsValues {
  customAlerts: ThresholdEntry[];
}

interface AlertsSettingsFieldsProps {
  alerts: readonly CustomAlert[] | null | undefined;
  editable: boolean;
  pending: boolean;
  /** Settles when the server has answered: until then a second press sends nothing. */
  onSubmit: (customAlerts: CustomAlertsInput) => Promise<unknown>;
}

/**
 * Alerts settings (spec administration 2, 3, 5): each threshold with its on/off switch and value(s). The
 * section remounts with the saved clinic after a save, which leaves nothing unsaved.
 */
export function AlertsSettingsFields({ alerts, editable, pending, onSubmit }: AlertsSettingsFieldsProps) {
  const { control, handleSubmit, formState } = useForm<AlertsSettingsValues>({
    mode: 'onChange',
    defaultValues: { customAlerts: toThresholdEntries(alerts) },
  });
  const hasErrors = Object.keys(formState.errors).length > 0;
  const guard = useUnsavedChangesGuard(formState.isDirty && !pending);
  // One save per press, however fast the second press (or Enter) comes.
  const submitOnce = useSubmitOnce(
    handleSubmit((values) => onSubmit(values.customAlerts as CustomAlertsInput)),
  );

  return (
    <Stack component="form" noValidate spacing={3} onSubmit={submitOnce}>
      <ThresholdFields control={control} name="customAlerts" editable={editable} />
      {editable && (
        <Button
          type="submit"
          variant="contained"
          loading={pending}
          disabled={hasErrors}
          sx={{ alignSelf: 'flex-start' }}
        >
          {labels.saveAlertsSettings}
        </Button>
      )}
      {guard.prompt}
    </Stack>
  );
}
