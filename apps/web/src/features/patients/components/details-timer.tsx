import PlayArrow from '@mui/icons-material/PlayArrow';
import Stop from '@mui/icons-material/Stop';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatDuration, timerDisplay, timerTexts } from '@vigil/core';
import type { DetailsTimer as Timer } from './use-details-timer';

interface DetailsTimerProps {
  timer: Timer;
  /** This month's tracked seconds, as the server last answered. */
  trackedThisMonth: number;
}

/**
 * The header's time tracking (spec patients 4): Start or Stop, the running count ('None' at zero,
 * 'Saving...' while a save is on its way) and this month's total.
 */
export function DetailsTimer({ timer, trackedThisMonth }: DetailsTimerProps) {
  const label = timer.running ? timerTexts.stop : timerTexts.start;
  return (
    <Stack
      role="group"
      aria-label={timerTexts.timer}
      direction="row"
      sx={{ alignItems: 'center', columnGap: 1, rowGap: 0.5, flexWrap: 'wrap', mt: 1 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
        <Tooltip title={label}>
          <span>
            <IconButton
              aria-label={label}
              size="small"
              color={timer.running ? 'error' : 'primary'}
              disabled={timer.saving}
              onClick={timer.running ? timer.stop : timer.start}
              sx={{ border: 1, borderColor: 'currentColor', ml: -0.25 }}
            >
              {timer.running ? <Stop fontSize="small" /> : <PlayArrow fontSize="small" />}
            </IconButton>
          </span>
        </Tooltip>
        <Typography
          role="timer"
          aria-label={timerTexts.timer}
          variant="body1"
          sx={{ fontWeight: 500, fontVariantNumeric: 'tabular-nums', minWidth: '4.75em' }}
        >
          {timer.saving ? timerTexts.saving : timerDisplay(timer.seconds)}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {timerTexts.thisMonth}{' '}
        <Typography
          component="span"
          variant="body2"
          data-testid="tracked-this-month"
          sx={{ color: 'text.primary', fontWeight: 500, fontVariantNumeric: 'tabular-nums' }}
        >
          {formatDuration(trackedThisMonth)}
        </Typography>
      </Typography>
    </Stack>
  );
}
