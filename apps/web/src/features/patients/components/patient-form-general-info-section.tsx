import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { labels, patientFormLabels, phoneTypes } from '@vigil/core';
import { type Control, useFieldArray } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { SectionCard } from '../../../components/section-card';
import type { PatientFormValues } from '../forms/patient-form-values';
import { asOptions, SelectField } from './patient-form-fields';

const phoneTypeOptions = asOptions(phoneTypes);

/**
 * Personal info (General Info): names, email and the phones (spec patients 2.1, 5). The first phone is
 * required and stays; more can be added and removed.
 */
export function GeneralInfoSection({ control }: { control: Control<PatientFormValues> }) {
  const phones = useFieldArray({ control, name: 'phones' });
  return (
    <SectionCard title={labels.generalInfo}>
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <FormTextField control={control} name="firstName" label={labels.firstName} required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <FormTextField control={control} name="lastName" label={labels.lastName} required />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <FormTextField control={control} name="email" label={labels.email} type="email" />
        </Grid>
        {phones.fields.map((phone, index) => (
          <Grid key={phone.id} size={12}>
            <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
              <Grid container spacing={2} sx={{ flex: 1, minWidth: 0 }}>
                <Grid size={{ xs: 12, sm: 6, md: 4 }}>
                  <FormTextField
                    control={control}
                    name={`phones.${index}.number`}
                    label={patientFormLabels.phoneNumber(index + 1)}
                    type="tel"
                    required={index === 0}
                    slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'off' } }}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                  <SelectField
                    control={control}
                    name={`phones.${index}.type`}
                    label={patientFormLabels.phoneType(index + 1)}
                    options={phoneTypeOptions}
                    required={index === 0}
                  />
                </Grid>
                <Grid size={{ xs: 12, md: 5 }}>
                  <FormTextField
                    control={control}
                    name={`phones.${index}.notes`}
                    label={patientFormLabels.phoneNotes(index + 1)}
                  />
                </Grid>
              </Grid>
              {index === 0 ? (
                // The first phone cannot be removed; its row keeps the button's width so the rows line up.
                <Box sx={{ width: 40, flexShrink: 0 }} />
              ) : (
                <IconButton
                  aria-label={patientFormLabels.removePhone(index + 1)}
                  onClick={() => phones.remove(index)}
                  sx={{ mt: 1 }}
                >
                  <DeleteOutline />
                </IconButton>
              )}
            </Stack>
          </Grid>
        ))}
        <Grid size={12}>
          <Button
            startIcon={<AddIcon />}
            onClick={() => phones.append({ number: '', type: null, notes: '' })}
          >
            {patientFormLabels.addPhone}
          </Button>
        </Grid>
      </Grid>
    </SectionCard>
  );
}
