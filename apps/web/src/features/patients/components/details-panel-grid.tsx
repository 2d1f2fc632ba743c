import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** The panels of the detail page's grid (spec patients 2.6) that have a place in it so far. */
export type DetailsSlot =
  | 'info'
  | 'alerts'
  | 'issues'
  | 'notes'
  | 'charts'
  | 'messages'
  | 'forms'
  | 'monthly';

type Layout = readonly (readonly DetailsSlot[])[];

/**
 * Where each panel sits, by screen width: one column on a phone, two on a tablet, three on a wide screen.
 * Every row is either one panel or panels that are always there, so leaving a slot empty (a panel not built
 * yet, or the forms panel on a page composed without it) drops its row and never leaves a hole. The forms
 * panel has a row of its own under the messages: on a wide screen it spreads its folders side by side.
 */
const layouts: Record<'xs' | 'md' | 'lg', Layout> = {
  xs: [['info'], ['alerts'], ['issues'], ['charts'], ['messages'], ['forms'], ['notes'], ['monthly']],
  md: [
    ['info', 'info'],
    ['alerts', 'notes'],
    ['issues', 'notes'],
    ['charts', 'charts'],
    ['messages', 'messages'],
    ['forms', 'forms'],
    ['monthly', 'monthly'],
  ],
  lg: [
    ['info', 'info', 'info'],
    ['alerts', 'issues', 'notes'],
    ['charts', 'charts', 'charts'],
    ['messages', 'messages', 'monthly'],
    ['forms', 'forms', 'forms'],
  ],
};

const template = (layout: Layout, present: ReadonlySet<DetailsSlot>) =>
  layout
    .filter((row) => row.some((slot) => present.has(slot)))
    .map((row) => `"${row.join(' ')}"`)
    .join(' ');

/** The grid of panels: each slot's panel, or nothing (null) where a panel has not been built yet. */
export function DetailsPanelGrid({ slots }: { slots: Partial<Record<DetailsSlot, ReactNode>> }) {
  const present = new Set((Object.keys(slots) as DetailsSlot[]).filter((slot) => slots[slot] != null));
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        alignItems: 'start',
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          md: 'repeat(2, minmax(0, 1fr))',
          lg: 'repeat(3, minmax(0, 1fr))',
        },
        gridTemplateAreas: {
          xs: template(layouts.xs, present),
          md: template(layouts.md, present),
          lg: template(layouts.lg, present),
        },
      }}
    >
      {[...present].map((slot) => (
        <Box key={slot} sx={{ gridArea: slot, minWidth: 0 }}>
          {slots[slot]}
        </Box>
      ))}
    </Box>
  );
}
