import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type AuditTrailQuery,
  auditTrailTexts,
  defaultAuditTrailRange,
  detailLabels,
  formatDuration,
  labels,
  messages,
} from '@vigil/core';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useAuditTrail } from '../api/get-audit-trail';
import { AuditTrailDays } from './audit-trail-days';
import { AuditTrailRange, type RangeErrors } from './audit-trail-range';

/** YYYY-MM-DD as MM/DD, the range picker's format (spec patients 2.7). */
const monthDay = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}`;

/** A 400 names the range's fields (or only says what is wrong): shown by the date fields. */
function rangeErrorsOf(error: unknown): RangeErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const { fields, message } = error.data;
  const errors: RangeErrors = {};
  for (const [key, text] of Object.entries(fields ?? {})) {
    if (key.endsWith('fromDate')) errors.fromDate = text;
    else if (key.endsWith('endDate')) errors.endDate = text;
  }
  if (!errors.fromDate && !errors.endDate) errors.endDate = message ?? messages.serverError;
  return errors;
}

interface AuditTrailViewProps {
  patientId: string;
  /** The patient's name for the header, once known. */
  patientName: string | null;
  /** The patient's detail page. */
  backTo: string;
}

/**
 * The Audit Trail screen (spec patients 2.7, 9): the patient's name, the date range (yesterday to today at
 * first) with Filter, the time tracked in the range, and the events grouped by Pacific day.
 */
export function AuditTrailView({ patientId, patientName, backTo }: AuditTrailViewProps) {
  const [range, setRange] = useState<AuditTrailQuery>(() => defaultAuditTrailRange(new Date()));
  const today = defaultAuditTrailRange(new Date()).endDate;
  const trail = useAuditTrail(patientId, range);
  const rangeErrors = rangeErrorsOf(trail.error);
  const notFound = trail.error instanceof ApiError && trail.error.status === 404;

  return (
    <Stack spacing={2}>
      <Box>
        <Button component={RouterLink} to={backTo} startIcon={<ArrowBack />} sx={{ ml: -1 }}>
          {auditTrailTexts.back}
        </Button>
      </Box>
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
          {patientName && (
            <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.5 }}>
              {auditTrailTexts.title}
            </Typography>
          )}
          <Typography
            variant="h1"
            sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, overflowWrap: 'anywhere', mb: 2 }}
          >
            {patientName ?? auditTrailTexts.title}
          </Typography>
          <AuditTrailRange applied={range} onApply={setRange} serverErrors={rangeErrors} today={today} />
          <Stack
            direction="row"
            sx={{ mt: 2, gap: { xs: 1, sm: 4 }, flexWrap: 'wrap', justifyContent: 'space-between' }}
          >
            <Typography variant="body2" color="text.secondary">
              {auditTrailTexts.dateRange}{' '}
              <Box component="span" sx={{ color: 'text.primary', fontWeight: 500 }}>
                {`${monthDay(range.fromDate)} - ${monthDay(range.endDate)}`}
              </Box>
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="audit-total">
              {auditTrailTexts.totalTracked}{' '}
              <Box
                component="span"
                sx={{ color: 'text.primary', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
              >
                {trail.data ? formatDuration(trail.data.totalTrackedTime) : '--:--:--'}
              </Box>
            </Typography>
          </Stack>
        </CardContent>
      </Card>
      {trail.isPending && !trail.isError && (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, py: 2 }}>
          <CircularProgress size={22} aria-label={labels.loading} />
          <Typography color="text.secondary">{labels.loading}</Typography>
        </Stack>
      )}
      {trail.isError && !rangeErrors && (
        <Alert severity={notFound ? 'info' : 'error'}>
          {notFound ? detailLabels.patientNotFound : trail.error.message || messages.serverError}
        </Alert>
      )}
      {trail.data && <AuditTrailDays trail={trail.data} />}
    </Stack>
  );
}
