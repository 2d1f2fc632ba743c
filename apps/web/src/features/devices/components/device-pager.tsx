import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { deviceLabels, devicePageSize } from '@vigil/core';

interface DevicePagerProps {
  /** From 1. */
  page: number;
  total: number;
  onPage: (page: number) => void;
  /** 'Devices: x - y out of total', or another list's own words. */
  rangeText?: (from: number, to: number, total: number) => string;
  /** Tells one pager from another on a page with two lists. */
  ariaLabel: string;
}

/** Previous/next, a 'Go to page' selector and 'Devices: x - y out of total' (spec administration 2). */
export function DevicePager({
  page,
  total,
  onPage,
  rangeText = deviceLabels.devicesRange,
  ariaLabel,
}: DevicePagerProps) {
  const pages = Math.max(1, Math.ceil(total / devicePageSize));
  const from = total === 0 ? 0 : (page - 1) * devicePageSize + 1;
  const to = Math.min(page * devicePageSize, total);
  return (
    <Stack
      component="nav"
      aria-label={ariaLabel}
      direction="row"
      sx={{
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1.5,
        flexWrap: 'wrap',
        px: 2,
        py: 1.5,
      }}
    >
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {rangeText(from, to, total)}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <TextField
          select
          size="small"
          label={deviceLabels.goToPage}
          value={String(Math.min(page, pages))}
          onChange={(event) => onPage(Number(event.target.value))}
          disabled={pages === 1}
          sx={{ minWidth: 110 }}
        >
          {Array.from({ length: pages }, (_, i) => String(i + 1)).map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
        <IconButton
          aria-label={deviceLabels.previousPage}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          <ChevronLeft />
        </IconButton>
        <IconButton
          aria-label={deviceLabels.nextPage}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          <ChevronRight />
        </IconButton>
      </Stack>
    </Stack>
  );
}
