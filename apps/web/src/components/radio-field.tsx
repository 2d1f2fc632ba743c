import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

interface RadioFieldProps<T extends FieldValues> {
  name: Path<T>;
  control: Control<T>;
  label: string;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
  /** Marks the question with '*', as the required text fields are. */
  required?: boolean;
  /** Called after a choice, for the rules that follow it (a consent without contact turns texts off). */
  onValueChange?: (value: string) => void;
}

/** A choice of a few values as a row of radios, showing the schema's message under it. */
export function RadioField<T extends FieldValues>({
  name,
  control,
  label,
  options,
  disabled,
  required,
  onValueChange,
}: RadioFieldProps<T>) {
  const labelId = useId();
  const errorId = useId();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <FormControl
          disabled={disabled}
          required={required}
          error={Boolean(fieldState.error)}
          sx={{ minWidth: 0 }}
        >
          <FormLabel id={labelId}>{label}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={labelId}
            aria-describedby={fieldState.error ? errorId : undefined}
            aria-invalid={Boolean(fieldState.error)}
            name={field.name}
            value={field.value ?? ''}
            onChange={(event) => {
              field.onChange(event.target.value);
              onValueChange?.(event.target.value);
            }}
          >
            {options.map((option) => (
              <FormControlLabel
                key={option.value}
                value={option.value}
                // The first radio takes the field's ref, so a refused submit focuses the question.
                control={<Radio inputRef={option === options[0] ? field.ref : undefined} />}
                label={option.label}
              />
            ))}
          </RadioGroup>
          {fieldState.error && <FormHelperText id={errorId}>{fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}
