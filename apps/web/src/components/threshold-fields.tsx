import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type CustomAlert,
  customAlertFields,
  customAlertTypes,
  defaultCustomAlerts,
  thresholdFieldLabels,
  thresholdValue,
} from '@vigil/core';
import { Fragment } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/** One of the ten settings as a form holds it: the inputs' digit strings and the on/off switch. */
export interface ThresholdEntry {
  key: CustomAlert['key'];
  status: 'on' | 'off';
  values: Record<string, string>;
}

/** The ten entries in the fixed order; one missing (older data) starts from the spec's default. */
export function toThresholdEntries(alerts: readonly CustomAlert[] | null | undefined): ThresholdEntry[] {
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

interface ThresholdFieldsProps<T extends FieldValues> {
  control: Control<T>;
  /** The form's array of ten ThresholdEntry values. */
  name: Path<T>;
  editable: boolean;
}

/**
 * The ten alert thresholds (spec administration 3, patients 9), each with its on/off switch and value(s),
 * grouped Clinical and Adherence Coaching: the clinic's Alerts Settings and a patient's Custom alerts.
 * A form with a resolver checks the values with it; one without uses the rule given here.
 */
export function ThresholdFields<T extends FieldValues>({ control, name, editable }: ThresholdFieldsProps<T>) {
  // The entries' paths are built from the array's name; the caller's form type guarantees the shape.
  const at = (index: number, rest: string) => `${name}.${index}.${rest}` as Path<T>;
  return (
    <Stack spacing={3}>
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
                    name={at(index, 'status')}
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
                      const meta = thresholdFieldLabels[fieldName] ?? { label: fieldName, unit: '' };
                      return (
                        <Controller
                          key={fieldName}
                          control={control}
                          name={at(index, `values.${fieldName}`)}
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
    </Stack>
  );
}
