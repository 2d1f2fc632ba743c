import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { labels } from '@vigil/core';
import { useId } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

interface YesNoFieldProps<T extends FieldValues> {
  name: Path<T>;
  control: Control<T>;
  label: string;
  disabled?: boolean;
}

/** A boolean as a Yes/No radio pair (the Admin and Administrator fields). */
export function YesNoField<T extends FieldValues>({ name, control, label, disabled }: YesNoFieldProps<T>) {
  const labelId = useId();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControl disabled={disabled}>
          <FormLabel id={labelId}>{label}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={labelId}
            name={field.name}
            value={field.value ? 'yes' : 'no'}
            onChange={(event) => field.onChange(event.target.value === 'yes')}
          >
            <FormControlLabel value="yes" control={<Radio />} label={labels.yes} />
            <FormControlLabel value="no" control={<Radio />} label={labels.no} />
          </RadioGroup>
        </FormControl>
      )}
    />
  );
}
