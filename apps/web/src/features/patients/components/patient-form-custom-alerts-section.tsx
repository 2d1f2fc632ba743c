import Typography from '@mui/material/Typography';
import { patientFormLabels, patientFormNotices } from '@vigil/core';
import type { Control } from 'react-hook-form';
import { SectionCard } from '../../../components/section-card';
import { ThresholdFields } from '../../../components/threshold-fields';
import type { PatientFormValues } from '../forms/patient-form-values';

/** Custom alerts (spec patients 2.1, 9): edit only, the ten thresholds from the saved state. */
export function CustomAlertsSection({ control }: { control: Control<PatientFormValues> }) {
  return (
    <SectionCard title={patientFormLabels.customAlerts}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {patientFormNotices.customAlertsIntro}
      </Typography>
      <ThresholdFields control={control} name="customAlerts" editable />
    </SectionCard>
  );
}
