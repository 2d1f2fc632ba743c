import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

export interface Option {
  value: string;
  label: string;
}

/** Options whose label is the value itself (the spec's own words: 'Cell', 'Monday', 'Hypertension'). */
export const asOptions = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: v }));

interface SelectFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: readonly Option[];
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
  /** Runs after the value changed, e.g. to clear what depended on the old value. */
  onValueChange?: (value: string) => void;
}

/** A single choice from a list, bound to the form, showing the schema's message under it. */
export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  required,
  disabled,
  helperText,
  onValueChange,
}: SelectFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          name={field.name}
          // A saved value that is not offered (yet) shows empty rather than raw; counts arrive as numbers.
          value={options.some((o) => o.value === String(field.value)) ? String(field.value) : ''}
          onChange={(event) => {
            field.onChange(event.target.value);
            onValueChange?.(event.target.value);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          required={required}
          disabled={disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** Several choices from a list (the care team), shown as the chosen names. */
export function MultiSelectField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  required,
  disabled,
}: Omit<SelectFieldProps<T>, 'onValueChange' | 'helperText'>) {
  const names = new Map(options.map((o) => [o.value, o.label]));
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value: string[] = Array.isArray(field.value) ? field.value : [];
        return (
          <TextField
            select
            label={label}
            name={field.name}
            value={value.filter((v) => names.has(v))}
            onChange={(event) => {
              const next = event.target.value as unknown;
              field.onChange(typeof next === 'string' ? next.split(',') : next);
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            required={required}
            disabled={disabled}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (selected) => (selected as string[]).map((v) => names.get(v) ?? v).join(', '),
              },
            }}
          >
            {options.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                <Checkbox size="small" checked={value.includes(option.value)} sx={{ py: 0, pl: 0 }} />
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}

interface CheckboxGroupFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: readonly Option[];
  disabled?: boolean;
}

/** A multi-select of a few fixed choices (days, times of day) as a row of checkboxes. */
export function CheckboxGroupField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  disabled,
}: CheckboxGroupFieldProps<T>) {
  const errorId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value: string[] = Array.isArray(field.value) ? field.value : [];
        // Kept in the options' order, so the saved list reads Monday to Sunday.
        const toggle = (option: string, checked: boolean) =>
          field.onChange(
            options.map((o) => o.value).filter((v) => (v === option ? checked : value.includes(v))),
          );
        return (
          <FormControl
            component="fieldset"
            disabled={disabled}
            error={Boolean(fieldState.error)}
            aria-describedby={fieldState.error ? errorId : undefined}
            sx={{ minWidth: 0 }}
          >
            <FormLabel component="legend">{label}</FormLabel>
            <FormGroup row>
              {options.map((option) => (
                <FormControlLabel
                  key={option.value}
                  label={option.label}
                  control={
                    <Checkbox
                      name={field.name}
                      checked={value.includes(option.value)}
                      onChange={(event) => toggle(option.value, event.target.checked)}
                      onBlur={field.onBlur}
                    />
                  }
                />
              ))}
            </FormGroup>
            {fieldState.error && <FormHelperText id={errorId}>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}

interface SwitchFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  onValueChange?: (checked: boolean) => void;
}

/** An on/off setting (High priority, Enrolled, Active). */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  label,
  onValueChange,
}: SwitchFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Switch
              name={field.name}
              checked={Boolean(field.value)}
              onChange={(event) => {
                field.onChange(event.target.checked);
                onValueChange?.(event.target.checked);
              }}
              slotProps={{ input: { role: 'switch' } }}
            />
          }
        />
      )}
    />
  );
}
