import ContentCopy from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { showToast } from '../../../lib/toast';
import { manageLabels } from './manage-labels';

/** A value the admin hands on (the webhook URL, its secret): read-only, with a copy button. */
export function ManageCopyField({ label, value }: { label: string; value: string }) {
  const handleCopy = () => {
    navigator.clipboard.writeText(value).then(
      () => showToast(manageLabels.copied, 'success'),
      () => showToast(manageLabels.copyFailed, 'error'),
    );
  };
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      slotProps={{
        htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={manageLabels.copyOf(label)} onClick={handleCopy} edge="end">
                <ContentCopy fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
