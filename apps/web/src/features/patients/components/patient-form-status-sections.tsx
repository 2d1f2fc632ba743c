import Stack from '@mui/material/Stack';
import { labels, patientFormLabels } from '@vigil/core';
import { type Control, type UseFormSetValue, useWatch } from 'react-hook-form';
import { SectionCard } from '../../../components/section-card';
import type { PatientFormValues } from '../forms/patient-form-values';
import { SwitchField } from './patient-form-fields';

/** Priority (spec patients 2.1): staff mark a patient high priority, which lifts them in the priority list. */
export function PrioritySection({ control }: { control: Control<PatientFormValues> }) {
  return (
    <SectionCard title={patientFormLabels.priority}>
      <SwitchField control={control} name="highPriority" label={patientFormLabels.highPriority} />
    </SectionCard>
  );
}

interface EnrollmentSectionProps {
  control: Control<PatientFormValues>;
  setValue: UseFormSetValue<PatientFormValues>;
  mode: 'add' | 'edit';
}

/**
 * The Enrolled switch, and on edit the Active toggle for an enrolled patient (spec patients 2.1, 4):
 * changing Enrolled sets Active to the same value.
 */
export function EnrollmentSection({ control, setValue, mode }: EnrollmentSectionProps) {
  const enrolled = useWatch({ control, name: 'enrolled' });
  return (
    <SectionCard title={patientFormLabels.enrollment}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 4, rowGap: 1 }}>
        <SwitchField
          control={control}
          name="enrolled"
          label={patientFormLabels.enrolled}
          onValueChange={(checked) => setValue('active', checked, { shouldDirty: true })}
        />
        {mode === 'edit' && enrolled && <SwitchField control={control} name="active" label={labels.active} />}
      </Stack>
    </SectionCard>
  );
}
