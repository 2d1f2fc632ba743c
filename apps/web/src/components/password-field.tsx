import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import type { TextFieldProps } from '@mui/material/TextField';
import { labels } from '@vigil/core';
import { useState } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormTextField } from './form-text-field';

type PasswordFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'type'> & {
  name: Path<T>;
  control: Control<T>;
  /** The most characters the input takes (a temporary password: 20). */
  maxLength?: number;
};

/** A password field with the show/hide toggle of spec administration 4 (Password fields). */
export function PasswordField<T extends FieldValues>({ maxLength, ...props }: PasswordFieldProps<T>) {
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        htmlInput: maxLength ? { maxLength } : undefined,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={labels.togglePasswordVisibility}
                aria-pressed={visible}
                edge="end"
                onClick={() => setVisible((v) => !v)}
                onMouseDown={(event) => event.preventDefault()}
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
