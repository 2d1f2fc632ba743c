import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { searchDebounceMs } from '@vigil/core';
import { useEffect, useRef, useState } from 'react';

interface SearchFieldProps {
  /** The search in force. */
  value: string;
  onChange: (search: string) => void;
  /** The placeholder, also the box's accessible name. */
  label: string;
  maxLength: number;
}

/** A list's search box: the list asks the server once typing pauses for 500 ms (spec patients 9). */
export function SearchField({ value, onChange, label, maxLength }: SearchFieldProps) {
  const [text, setText] = useState(value);
  const sent = useRef(value);

  // A search set from outside (a link, the back button) shows in the box; the box's own search coming back
  // does not, so that nothing typed since is lost.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === value) return;
    const timer = window.setTimeout(() => {
      sent.current = text;
      onChange(text);
    }, searchDebounceMs);
    return () => window.clearTimeout(timer);
  }, [text, value, onChange]);

  return (
    <TextField
      type="search"
      size="small"
      value={text}
      onChange={(event) => setText(event.target.value)}
      placeholder={label}
      slotProps={{
        htmlInput: { 'aria-label': label, maxLength },
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
