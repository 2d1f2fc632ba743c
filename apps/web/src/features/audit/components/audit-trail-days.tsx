import { TZDate } from '@date-fns/tz';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type AuditTrailLog,
  type AuditTrailResponse,
  auditActorName,
  auditRoleLabel,
  auditTrailTexts,
  auditTrailTimeZone,
  formatDuration,
  groupAuditLogsByDay,
} from '@vigil/core';
import { format } from 'date-fns';
import { useId } from 'react';

/** The event's time of day in the trail's zone (Pacific), as the detail page shows times. */
const timeOfDay = (iso: string) => format(new TZDate(new Date(iso).getTime(), auditTrailTimeZone), 'h:mm a');

/** MM/DD/YYYY as a number that sorts by date. */
const dayOrder = (day: string) => {
  const [m, d, y] = day.split('/');
  return Number(`${y}${m}${d}`);
};

/**
 * The days to show, newest first: each day with events, and each day that only has tracked time (a bulk or
 * manual entry with no event that day still counts in the total, so it is shown where it counts).
 */
function daysOf(trail: AuditTrailResponse): Array<{ day: string; logs: AuditTrailLog[] }> {
  const groups = groupAuditLogsByDay(trail.logs);
  const seen = new Set(groups.map((g) => g.day));
  for (const day of Object.keys(trail.trackedTimeByDay)) if (!seen.has(day)) groups.push({ day, logs: [] });
  return groups.sort((a, b) => dayOrder(b.day) - dayOrder(a.day));
}

function AuditEvent({ log }: { log: AuditTrailLog }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        // On a phone the time stands beside the name, and the role and the message line up under the name.
        gridTemplateColumns: {
          xs: '4.5rem minmax(0, 1fr)',
          sm: '5.5rem minmax(12rem, 16rem) minmax(0, 1fr)',
        },
        columnGap: 2,
        rowGap: 0.25,
        py: 1.25,
        px: { xs: 2, sm: 2.5 },
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {timeOfDay(log.date)}
      </Typography>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {auditActorName(log)}
        </Typography>
        <Typography variant="caption" component="p" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {auditRoleLabel(log)}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere', gridColumn: { xs: 2, sm: 'auto' } }}>
        {log.message}
      </Typography>
    </Box>
  );
}

function AuditDay({ day, logs, tracked }: { day: string; logs: AuditTrailLog[]; tracked: number }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId}>
      <Stack
        direction="row"
        sx={{
          alignItems: 'baseline',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 1,
          px: { xs: 2, sm: 2.5 },
          py: 1.5,
          bgcolor: 'action.hover',
        }}
      >
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
          {day}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {auditTrailTexts.dayTracked}{' '}
          <Box
            component="span"
            sx={{ color: 'text.primary', fontWeight: 500, fontVariantNumeric: 'tabular-nums' }}
          >
            {formatDuration(tracked)}
          </Box>
        </Typography>
      </Stack>
      {logs.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {logs.map((log) => (
            <AuditEvent key={log._id} log={log} />
          ))}
        </Box>
      )}
    </Card>
  );
}

/** The events grouped by Pacific day (spec patients 2.7), each day with its tracked time. */
export function AuditTrailDays({ trail }: { trail: AuditTrailResponse }) {
  const days = daysOf(trail);
  if (days.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {auditTrailTexts.noEvents}
      </Typography>
    );
  }
  return (
    <Stack spacing={2}>
      {days.map(({ day, logs }) => (
        <AuditDay key={day} day={day} logs={logs} tracked={trail.trackedTimeByDay[day] ?? 0} />
      ))}
    </Stack>
  );
}
