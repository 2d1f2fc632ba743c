import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { reportTexts } from '@vigil/core';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useSubmitOnce } from '../../../lib/use-single-flight';
import { useDownloadBillingReport } from '../api/get-billing-report';
import type { ReportClinic } from '../api/get-report-clinics';
import {
  type AdminReportValues,
  adminReportResolver,
  ReportFields,
  type ReportFormValues,
} from '../components/report-fields';
import { currentReportMonth, type ReportMonthOption } from '../report-month-options';

interface BillingReportFormProps {
  months: readonly ReportMonthOption[];
  fixedClinic: ReportClinic | null;
}

/** Billing: month, clinic and physician, all required; Download saves the month's CSV. */
export function BillingReportForm({ months, fixedClinic }: BillingReportFormProps) {
  const titleId = useId();
  const download = useDownloadBillingReport();
  const { control, setValue, handleSubmit } = useForm<ReportFormValues, unknown, AdminReportValues>({
    resolver: adminReportResolver,
    defaultValues: {
      kind: 'billing',
      clinic: fixedClinic?.id ?? '',
      physician: '',
      ...currentReportMonth(),
    },
  });

  // One download per press, however fast the second press (or Enter) comes.
  const submitOnce = useSubmitOnce(
    handleSubmit(({ clinic, physician, month, year }) =>
      download.mutateAsync({ clinic, physician, month: month!, year: year! }),
    ),
  );

  return (
    <Stack component="form" noValidate aria-labelledby={titleId} spacing={2} onSubmit={submitOnce}>
      <Typography id={titleId} variant="h3">
        {reportTexts.billing}
      </Typography>
      <ReportFields control={control} setValue={setValue} months={months} fixedClinic={fixedClinic} />
      <Button
        type="submit"
        variant="contained"
        startIcon={<Download />}
        loading={download.isPending}
        loadingPosition="start"
        sx={{ alignSelf: 'flex-start' }}
      >
        {reportTexts.download}
      </Button>
    </Stack>
  );
}
