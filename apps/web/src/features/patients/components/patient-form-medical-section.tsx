import Grid from '@mui/material/Grid';
import { diagnoses, genderLabels, genders, labels, languages, patientFormLabels } from '@vigil/core';
import type { Control } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { RadioField } from '../../../components/radio-field';
import { SectionCard } from '../../../components/section-card';
import type { PatientFormValues } from '../forms/patient-form-values';
import { DateTextField } from './patient-form-date-field';
import { asOptions, SelectField } from './patient-form-fields';

const genderOptions = genders.map((g) => ({ value: g, label: genderLabels[g] ?? g }));
const diagnosisOptions = asOptions(diagnoses);
const languageOptions = languages.map((l) => ({ value: l.code, label: l.name }));
const numeric = { htmlInput: { inputMode: 'numeric' as const, maxLength: 2 } };

/** Medical info (spec patients 2.1, 5): date of birth, MR, gender, height, weight, diagnosis, language. */
export function MedicalInfoSection({ control }: { control: Control<PatientFormValues> }) {
  return (
    <SectionCard title={patientFormLabels.medicalInfo}>
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <DateTextField
            control={control}
            name="dateOfBirth"
            label={patientFormLabels.dateOfBirth}
            required
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <FormTextField control={control} name="mr" label={patientFormLabels.mr} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <RadioField
            control={control}
            name="gender"
            required
            label={patientFormLabels.gender}
            options={genderOptions}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <FormTextField
            control={control}
            name="heightFeet"
            label={patientFormLabels.heightFeet}
            required
            slotProps={numeric}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <FormTextField
            control={control}
            name="heightInches"
            label={patientFormLabels.heightInches}
            required
            slotProps={numeric}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <FormTextField
            control={control}
            name="weight"
            label={patientFormLabels.weight}
            required
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 6 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField
            control={control}
            name="diagnosis"
            label={labels.diagnosis}
            options={diagnosisOptions}
            required
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField
            control={control}
            name="language"
            label={patientFormLabels.language}
            options={languageOptions}
            required
          />
        </Grid>
      </Grid>
    </SectionCard>
  );
}
