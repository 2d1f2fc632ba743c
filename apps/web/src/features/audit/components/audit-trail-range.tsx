import FilterList from '@mui/icons-material/FilterList';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AuditTrailQuery, auditTrailTexts, messages } from '@vigil/core';
import { useState } from 'react';

type RangeField = keyof AuditTrailQuery;
export type RangeErrors = Partial<Record<RangeField, string>>;

interface AuditTrailRangeProps {
  /** The range the trail shows. */
  applied: AuditTrailQuery;
  onApply: (range: AuditTrailQuery) => void;
  /** The server's refusal of the applied range (400), by field. */
  serverErrors: RangeErrors | null;
  /** Today's Pacific day, YYYY-MM-DD: the last day that can hold events. */
  today: string;
}

/** The checks of the core's query schema, by field: what the user corrects before the trail is asked. */
function rangeErrors(draft: AuditTrailQuery): RangeErrors | null {
  const errors: RangeErrors = {};
  if (!draft.fromDate) errors.fromDate = messages.dateRequired;
  if (!draft.endDate) errors.endDate = messages.dateRequired;
  if (errors.fromDate || errors.endDate) return errors;
  const parsed = AuditTrailQuery.safeParse(draft);
  if (parsed.success) return null;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'fromDate' ? 'fromDate' : 'endDate';
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The date range of the audit trail (spec patients 2.7): from and to, both days included, applied by Filter
 * only, so the trail is asked once per chosen range and not on every keystroke.
 */
export function AuditTrailRange({ applied, onApply, serverErrors, today }: AuditTrailRangeProps) {
  const [draft, setDraft] = useState<AuditTrailQuery>(applied);
  const [errors, setErrors] = useState<RangeErrors | null>(null);
  const edited = draft.fromDate !== applied.fromDate || draft.endDate !== applied.endDate;
  const shown = errors ?? (edited ? null : serverErrors);

  function handleChange(field: RangeField, value: string) {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors(null);
  }

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    const found = rangeErrors(draft);
    setErrors(found);
    if (!found) onApply(draft);
  }

  return (
    <Stack
      component="form"
      noValidate
      role="search"
      aria-label={auditTrailTexts.dateRange}
      onSubmit={handleSubmit}
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ gap: 1.5, alignItems: { xs: 'stretch', sm: 'flex-start' } }}
    >
      <Stack direction="row" sx={{ gap: 1.5 }}>
        <TextField
          size="small"
          type="date"
          label={auditTrailTexts.fromDate}
          value={draft.fromDate}
          onChange={(event) => handleChange('fromDate', event.target.value)}
          error={Boolean(shown?.fromDate)}
          helperText={shown?.fromDate}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: draft.endDate || today } }}
          sx={{ width: { xs: '50%', sm: 170 } }}
        />
        <TextField
          size="small"
          type="date"
          label={auditTrailTexts.toDate}
          value={draft.endDate}
          onChange={(event) => handleChange('endDate', event.target.value)}
          error={Boolean(shown?.endDate)}
          helperText={shown?.endDate}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: draft.fromDate, max: today } }}
          sx={{ width: { xs: '50%', sm: 170 } }}
        />
      </Stack>
      <Button type="submit" variant="contained" startIcon={<FilterList />} sx={{ height: 40 }}>
        {auditTrailTexts.filter}
      </Button>
    </Stack>
  );
}
