import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { patientFormLabels, usStates } from '@vigil/core';
import { useId, useState } from 'react';
import { type Control, useFormState } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import type { PatientFormValues } from '../forms/patient-form-values';
import { SelectField } from './patient-form-fields';

const stateOptions = usStates.map((s) => ({ value: s.code, label: s.name }));

/**
 * Address (spec patients 2.1): edit only, in a collapsible accordion, closed until opened. It opens by
 * itself when one of its fields has an error, so the banner never points at a hidden field.
 */
export function AddressSection({ control }: { control: Control<PatientFormValues> }) {
  const summaryId = useId();
  const [open, setOpen] = useState(false);
  const { errors } = useFormState({ control, name: 'address' });
  const expanded = open || Boolean(errors.address);
  return (
    <Accordion
      component="section"
      aria-labelledby={summaryId}
      variant="outlined"
      disableGutters
      expanded={expanded}
      onChange={(_event, next) => setOpen(next)}
      slotProps={{ heading: { component: 'h2' } }}
      sx={{ borderRadius: 1, '&::before': { display: 'none' } }}
    >
      <AccordionSummary expandIcon={<ExpandMore />} id={summaryId} sx={{ px: { xs: 2, sm: 3 }, py: 1 }}>
        <Typography component="span" variant="h2">
          {patientFormLabels.address}
        </Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ px: { xs: 2, sm: 3 }, pb: { xs: 2, sm: 3 } }}>
        <Grid container spacing={2.5}>
          <Grid size={{ xs: 12, md: 8 }}>
            <FormTextField control={control} name="address.address" label={patientFormLabels.address} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <FormTextField control={control} name="address.apt" label={patientFormLabels.apt} />
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <FormTextField control={control} name="address.city" label={patientFormLabels.city} />
          </Grid>
          <Grid size={{ xs: 12, sm: 7, md: 4 }}>
            <SelectField
              control={control}
              name="address.state"
              label={patientFormLabels.state}
              options={stateOptions}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 5, md: 3 }}>
            <FormTextField
              control={control}
              name="address.zip"
              label={patientFormLabels.zip}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
            />
          </Grid>
        </Grid>
      </AccordionDetails>
    </Accordion>
  );
}
