import Box from '@mui/material/Box';
import type { BandColor } from '@vigil/core';
import { formatDate } from '@vigil/core';
import type { ReactNode } from 'react';

/** A missing value in the lists (spec patients 2.3). */
export const missing = '-';

const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * MM/DD/YYYY, or '-' without a value. A calendar date (a birth date, YYYY-MM-DD) is shown as written: read
 * as an instant it would fall on the previous day west of UTC. Instants show on the clinic's calendar.
 */
export function formatListDate(value: string | null | undefined): string {
  if (!value) return missing;
  const day = dateOnly.exec(value);
  if (day) return `${day[2]}/${day[3]}/${day[1]}`;
  return formatDate(value);
}

/** The list colours as text on a tint, dark enough for AA contrast on each. */
export const bandColors: Record<BandColor, { fg: string; bg: string }> = {
  green: { fg: '#1b5e20', bg: '#e2f3e5' },
  yellow: { fg: '#6d4c00', bg: '#fff1c7' },
  red: { fg: '#b71c1c', bg: '#fde4e4' },
};

/** A value in its colour band (spec patients 9), or plain when it has no band. */
export function BandValue({ color, children }: { color: BandColor | null; children: ReactNode }) {
  if (!color) return <>{children}</>;
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        px: 1,
        py: 0.25,
        borderRadius: 1,
        fontWeight: 500,
        color: bandColors[color].fg,
        bgcolor: bandColors[color].bg,
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </Box>
  );
}
