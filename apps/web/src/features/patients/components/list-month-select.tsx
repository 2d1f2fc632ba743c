import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { labels } from '@vigil/core';
import { useMemo } from 'react';
import { currentMonth } from '../list-state';

/** How many months back the selector reaches: a year, as the report months do (spec patients 9). */
const monthsOffered = 12;

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });

interface ListMonthSelectProps {
  month: number;
  year: number;
  onChange: (value: { month: number; year: number }) => void;
}

/** The priority list's month: the one whose tracked time, days with readings and calls the columns show. */
export function ListMonthSelect({ month, year, onChange }: ListMonthSelectProps) {
  const options = useMemo(() => {
    const now = currentMonth();
    return Array.from({ length: monthsOffered }, (_, back) => {
      const index = now.year * 12 + now.month - 1 - back;
      const option = { month: (index % 12) + 1, year: Math.floor(index / 12) };
      const name = monthName.format(new Date(Date.UTC(option.year, option.month - 1, 1)));
      return { ...option, value: `${option.year}-${option.month}`, label: `${name} ${option.year}` };
    });
  }, []);
  const value = `${year}-${month}`;
  // A month kept from an earlier session may have left the window; it stays choosable until changed.
  const shown = options.some((o) => o.value === value)
    ? options
    : [
        ...options,
        { month, year, value, label: `${monthName.format(new Date(Date.UTC(year, month - 1, 1)))} ${year}` },
      ];

  return (
    <TextField
      select
      size="small"
      label={labels.month}
      value={value}
      onChange={(event) => {
        const option = shown.find((o) => o.value === event.target.value);
        if (option) onChange({ month: option.month, year: option.year });
      }}
      sx={{ width: 180 }}
    >
      {shown.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
