import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { searchDebounceMs } from '@vigil/core';
import { useEffect, useRef, useState } from 'react';
import { deviceLabels } from '../../../lib/labels';

interface DeviceSearchFieldProps {
  value: string;
  onChange: (search: string) => void;
}

/** The inventory's search box: it asks the server once typing pauses, as the patient lists do. */
export function DeviceSearchField({ value, onChange }: DeviceSearchFieldProps) {
  const [text, setText] = useState(value);
  const sent = useRef(value);

  // A search set from outside (Find Device on an unrecognised row, the back button) shows in the box; the
  // box's own search coming back does not, so that nothing typed since is lost.
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
      placeholder={deviceLabels.searchDevices}
      slotProps={{
        htmlInput: { 'aria-label': deviceLabels.searchDevices, maxLength: 100 },
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
