import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

type FormTextFieldProps<T extends FieldValues, Output> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'
> & {
  name: Path<T>;
  /** The form's control, whatever its resolver turns the values into on submit. */
  control: Control<T, unknown, Output>;
};

/** A text field bound to react-hook-form, showing the schema's message under it. */
export function FormTextField<T extends FieldValues, Output = T>({
  name,
  control,
  helperText,
  ...rest
}: FormTextFieldProps<T, Output>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
