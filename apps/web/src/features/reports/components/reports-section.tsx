import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import { reportTexts } from '@vigil/core';
import { useMemo } from 'react';
import { SectionCard } from '../../../components/section-card';
import { useFirstReadingDate } from '../api/get-first-reading-date';
import type { ReportClinic } from '../api/get-report-clinics';
import { BillingReportForm } from '../forms/billing-report-form';
import { MonitoringReportForm } from '../forms/monitoring-report-form';
import { reportMonthOptions } from '../report-month-options';
import { GeneratedReportsList } from './generated-reports-list';

interface ReportsSectionProps {
  userId: string;
  /**
   * The clinic the reports are for when it is not the user's to choose: a clinic user's own, or the clinic
   * whose settings page this is. Null: any clinic the user may see.
   */
  fixedClinic: ReportClinic | null;
}

/**
 * The Reports section of /account (spec administration 2): Billing, which downloads a CSV; Monitoring,
 * which generates a batch report; and the list of generated reports.
 */
export function ReportsSection({ userId, fixedClinic }: ReportsSectionProps) {
  const firstReading = useFirstReadingDate();
  const firstDate = firstReading.data?.date ?? null;
  const months = useMemo(() => reportMonthOptions(firstDate), [firstDate]);

  return (
    <SectionCard title={reportTexts.section}>
      <Grid container spacing={{ xs: 4, md: 3 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <BillingReportForm months={months} fixedClinic={fixedClinic} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <MonitoringReportForm userId={userId} months={months} fixedClinic={fixedClinic} />
        </Grid>
      </Grid>
      <Divider sx={{ my: 3 }} />
      <GeneratedReportsList userId={userId} />
    </SectionCard>
  );
}
