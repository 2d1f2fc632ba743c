import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { searchDebounceMs } from '@vigil/core';
import { useEffect, useState } from 'react';
import { labels } from '../../../lib/labels';

interface ListSearchFieldProps {
  value: string;
  onChange: (search: string) => void;
}

/** The lists' search box: the list asks the server once typing pauses for 500 ms (spec patients 9). */
export function ListSearchField({ value, onChange }: ListSearchFieldProps) {
  const [text, setText] = useState(value);

  useEffect(() => {
    if (text === value) return;
    const timer = window.setTimeout(() => onChange(text), searchDebounceMs);
    return () => window.clearTimeout(timer);
  }, [text, value, onChange]);

  return (
    <TextField
      type="search"
      size="small"
      value={text}
      onChange={(event) => setText(event.target.value)}
      placeholder={labels.searchPatients}
      slotProps={{
        htmlInput: { 'aria-label': labels.searchPatients, maxLength: 200 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ width: { xs: '100%', sm: 280 } }}
    />
  );
}
