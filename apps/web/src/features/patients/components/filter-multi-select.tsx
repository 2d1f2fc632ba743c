import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import { filterValues, labels } from '@vigil/core';
import { useId } from 'react';

export interface FilterOption {
  value: string;
  label: string;
}

interface FilterMultiSelectProps {
  label: string;
  options: readonly FilterOption[];
  /** The selected values as the API takes them: one comma-separated string. */
  value: string | undefined;
  onChange: (value: string) => void;
  loading?: boolean;
}

/** One dropdown of the Filter Options dialog; its choices combine as OR. */
export function FilterMultiSelect({
  label,
  options,
  value,
  onChange,
  loading = false,
}: FilterMultiSelectProps) {
  const labelId = useId();
  const selected = filterValues(value);
  const names = new Map(options.map((o) => [o.value, o.label]));
  return (
    <FormControl fullWidth size="small">
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select
        multiple
        labelId={labelId}
        value={selected}
        onChange={(event) => {
          const next = event.target.value;
          onChange((typeof next === 'string' ? filterValues(next) : next).join(','));
        }}
        input={<OutlinedInput label={label} />}
        renderValue={(values) => values.map((v) => names.get(v) ?? v).join(', ')}
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: 320 } } } }}
      >
        {loading && options.length === 0 ? (
          <MenuItem disabled>{labels.loading}</MenuItem>
        ) : (
          options.map((option) => (
            <MenuItem key={option.value} value={option.value} dense>
              <Checkbox checked={selected.includes(option.value)} size="small" sx={{ py: 0.5 }} />
              <ListItemText primary={option.label} />
            </MenuItem>
          ))
        )}
      </Select>
    </FormControl>
  );
}
