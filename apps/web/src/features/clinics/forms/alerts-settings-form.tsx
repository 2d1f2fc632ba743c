import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type CustomAlert,
  type CustomAlertsInput,
  customAlertFields,
  customAlertTypes,
  defaultCustomAlerts,
  thresholdValue,
} from '@vigil/core';
import { Fragment } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { labels } from '../../../lib/labels';

/** What each stored threshold field means on screen, with its unit (spec administration 3). */
const fieldLabels: Record<string, { label: string; unit: string }> = {
  highReadingSystolic: { label: 'Systolic', unit: 'mmHg' },
  highReadingdiastolic: { label: 'Diastolic', unit: 'mmHg' },
  secondReadingSystolic: { label: 'Systolic', unit: 'mmHg' },
  thirdReadingSystolic: { label: 'Systolic', unit: 'mmHg' },
  lowBP: { label: 'Systolic below', unit: 'mmHg' },
  weightInOneCalendarDays: { label: 'Gain', unit: 'lbs' },
  weightInSevenCalendarDays: { label: 'Gain', unit: 'lbs' },
  lowHR: { label: 'Below', unit: 'bpm' },
  highHR: { label: 'Above', unit: 'bpm' },
  oneAdherence: { label: 'Enrolled under', unit: 'days' },
  oneCalendar: { label: 'No reading for', unit: 'days' },
  fiveAdherence: { label: 'Enrolled at least', unit: 'days' },
  fiveCalendar: { label: 'No reading for', unit: 'days' },
};

type Entry = { key: CustomAlert['key']; status: 'on' | 'off'; values: Record<string, string> };
interface AlertsSettingsValues {
  customAlerts: Entry[];
}

/** The clinic's ten entries in the fixed order; one missing (older data) starts from the spec's default. */
function toEntries(alerts: readonly CustomAlert[] | null | undefined): Entry[] {
  return defaultCustomAlerts.map((fallback) => {
    const stored = alerts?.find((a) => a.key === fallback.key) ?? fallback;
    return {
      key: stored.key,
      status: stored.status,
      values: { ...(stored.values as Record<string, string>) },
    };
  });
}

/** Digits only, at most 3 characters: anything else typed or pasted is dropped as it arrives. */
const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 3);

interface AlertsSettingsFieldsProps {
  alerts: readonly CustomAlert[] | null | undefined;
  editable: boolean;
  pending: boolean;
  onSubmit: (customAlerts: CustomAlertsInput) => void;
}

/** Alerts settings (spec administration 2, 3, 5): each threshold with its on/off switch and value(s). */
export function AlertsSettingsFields({ alerts, editable, pending, onSubmit }: AlertsSettingsFieldsProps) {
  const { control, handleSubmit, formState } = useForm<AlertsSettingsValues>({
    mode: 'onChange',
    defaultValues: { customAlerts: toEntries(alerts) },
  });
  const hasErrors = Object.keys(formState.errors).length > 0;

  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      onSubmit={handleSubmit((values) => onSubmit(values.customAlerts as CustomAlertsInput))}
    >
      {customAlertTypes.map((type) => (
        <Box key={type} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="h3" sx={{ mb: 1 }}>
            {type}
          </Typography>
          {defaultCustomAlerts.map((alert, index) =>
            alert.type !== type ? null : (
              <Fragment key={alert.key}>
                <Divider />
                <Stack
                  direction="row"
                  sx={{ py: 1.5, gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
                  data-testid={`threshold-${alert.key}`}
                >
                  <Controller
                    control={control}
                    name={`customAlerts.${index}.status`}
                    render={({ field }) => (
                      <Switch
                        checked={field.value === 'on'}
                        onChange={(event) => field.onChange(event.target.checked ? 'on' : 'off')}
                        disabled={!editable}
                        slotProps={{ input: { role: 'switch', 'aria-label': alert.label } }}
                      />
                    )}
                  />
                  <Typography sx={{ flex: '1 1 220px', minWidth: 0 }}>{alert.label}</Typography>
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
                    {customAlertFields[alert.key].map((fieldName) => {
                      const meta = fieldLabels[fieldName] ?? { label: fieldName, unit: '' };
                      return (
                        <Controller
                          key={fieldName}
                          control={control}
                          name={`customAlerts.${index}.values.${fieldName}`}
                          rules={{
                            validate: (value) => {
                              const check = thresholdValue.safeParse(value);
                              return check.success || (check.error.issues[0]?.message ?? false);
                            },
                          }}
                          render={({ field, fieldState }) => (
                            <TextField
                              label={meta.label}
                              name={field.name}
                              value={field.value ?? ''}
                              onChange={(event) => field.onChange(digitsOnly(event.target.value))}
                              onBlur={field.onBlur}
                              inputRef={field.ref}
                              disabled={!editable}
                              error={Boolean(fieldState.error)}
                              helperText={fieldState.error?.message}
                              size="small"
                              sx={{ width: { xs: 128, sm: 150 } }}
                              slotProps={{
                                htmlInput: {
                                  inputMode: 'numeric',
                                  maxLength: 3,
                                  'aria-label': `${alert.label}: ${meta.label} (${meta.unit})`,
                                },
                                input: {
                                  endAdornment: <InputAdornment position="end">{meta.unit}</InputAdornment>,
                                },
                              }}
                            />
                          )}
                        />
                      );
                    })}
                  </Stack>
                </Stack>
              </Fragment>
            ),
          )}
        </Box>
      ))}
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
    </Stack>
  );
}
