import TextField from '@mui/material/TextField';
import { patientFormLabels } from '@vigil/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/**
 * The date input's typing rule (spec patients 5): only digits and slashes, at most 10 characters, and the
 * slashes of MM/DD/YYYY put in as the digits arrive. While the user deletes, the text is left as typed, so
 * a backspace over a slash is not undone by the slash coming straight back.
 */
export function maskDateInput(next: string, previous: string): string {
  const typed = next.replace(/[^\d/]/g, '').slice(0, 10);
  if (typed.length <= previous.length) return typed;
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  const [month, day, year] = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)];
  if (digits.length < 2) return month;
  if (digits.length < 4) return `${month}/${day}`;
  return `${month}/${day}/${year}`;
}

interface DateTextFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  required?: boolean;
}

/** A date typed as MM/DD/YYYY, with the slashes inserted as you type. */
export function DateTextField<T extends FieldValues>({
  control,
  name,
  label,
  required,
}: DateTextFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          name={field.name}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(maskDateInput(event.target.value, String(field.value ?? '')))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          required={required}
          placeholder={patientFormLabels.dateFormat}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          slotProps={{ htmlInput: { maxLength: 10, inputMode: 'numeric' }, inputLabel: { shrink: true } }}
        />
      )}
    />
  );
}
