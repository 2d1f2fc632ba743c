import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { reportTexts, reportVersionLabels, reportVersions } from '@vigil/core';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useSubmitOnce } from '../../../lib/use-single-flight';
import { useGenerateBatchReport } from '../api/generate-batch-report';
import type { ReportClinic } from '../api/get-report-clinics';
import {
  type AdminReportValues,
  adminReportResolver,
  ReportFields,
  type ReportFormValues,
} from '../components/report-fields';
import { currentReportMonth, type ReportMonthOption } from '../report-month-options';

interface MonitoringReportFormProps {
  userId: string;
  months: readonly ReportMonthOption[];
  fixedClinic: ReportClinic | null;
}

/**
 * Monitoring: month, clinic, physician and the report version; Generate asks the server for the batch,
 * which joins the list below as Pending. The spec offers the version 'for clinic monitors' without saying
 * who they are: every user who may ask for the report may choose it (Old Version by default).
 */
export function MonitoringReportForm({ userId, months, fixedClinic }: MonitoringReportFormProps) {
  const titleId = useId();
  const generate = useGenerateBatchReport(userId);
  const { control, setValue, handleSubmit } = useForm<ReportFormValues, unknown, AdminReportValues>({
    resolver: adminReportResolver,
    defaultValues: {
      kind: 'monitoring',
      clinic: fixedClinic?.id ?? '',
      physician: '',
      version: 'old',
      ...currentReportMonth(),
    },
  });

  // One report per press, however fast the second press comes.
  const submitOnce = useSubmitOnce(
    handleSubmit(({ clinic, physician, month, year, version }) => {
      // Without a month, monitoring means the current one (core's AdminReportForm).
      const period = month && year ? { month, year } : currentReportMonth();
      return generate.mutateAsync({ ...period, clinic, physician, version, userId });
    }),
  );

  return (
    <Stack component="form" noValidate aria-labelledby={titleId} spacing={2} onSubmit={submitOnce}>
      <Typography id={titleId} variant="h3">
        {reportTexts.monitoring}
      </Typography>
      <ReportFields control={control} setValue={setValue} months={months} fixedClinic={fixedClinic} />
      <Controller
        name="version"
        control={control}
        render={({ field }) => (
          <TextField
            select
            label={reportTexts.version}
            name={field.name}
            value={field.value ?? 'old'}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
          >
            {reportVersions.map((v) => (
              <MenuItem key={v} value={v}>
                {reportVersionLabels[v]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Button type="submit" variant="contained" loading={generate.isPending} sx={{ alignSelf: 'flex-start' }}>
        {reportTexts.generate}
      </Button>
    </Stack>
  );
}
