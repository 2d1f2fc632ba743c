import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

interface DetailsPanelProps {
  title: string;
  /** A count beside the title (the alerts panel's badge). */
  count?: number;
  /** The count in words, for screen readers. */
  countLabel?: (count: number) => string;
  /** Controls at the right of the title. */
  action?: ReactNode;
  /** With a toggle, the panel collapses to its title. */
  collapse?: { open: boolean; onToggle: () => void; showLabel: string; hideLabel: string };
  children: ReactNode;
}

/** One panel of the detail page's grid: a titled card (a region named by its title) that fills its cell. */
export function DetailsPanel({ title, count, countLabel, action, collapse, children }: DetailsPanelProps) {
  const titleId = useId();
  const bodyId = useId();
  const open = collapse?.open ?? true;
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ height: '100%', minWidth: 0 }}>
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', minHeight: 36 }}>
          <Typography id={titleId} variant="h2" sx={{ fontSize: '1.1rem' }}>
            {title}
          </Typography>
          {count !== undefined && (
            <Chip
              size="small"
              label={count}
              color={count > 0 ? 'error' : 'default'}
              aria-label={countLabel?.(count)}
              sx={{ fontWeight: 600, minWidth: 28 }}
            />
          )}
          <Stack direction="row" sx={{ ml: 'auto', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            {action}
            {collapse && (
              <IconButton
                size="small"
                onClick={collapse.onToggle}
                aria-expanded={collapse.open}
                aria-controls={bodyId}
                aria-label={collapse.open ? collapse.hideLabel : collapse.showLabel}
              >
                {collapse.open ? <ExpandLess /> : <ExpandMore />}
              </IconButton>
            )}
          </Stack>
        </Stack>
        <Collapse in={open} id={bodyId}>
          <Stack sx={{ pt: 1.5 }}>{children}</Stack>
        </Collapse>
      </CardContent>
    </Card>
  );
}
