import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { labels, messages, patientFormLabels, yesNo } from '@vigil/core';
import { useId } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { RadioField } from '../../../components/radio-field';
import { SectionCard } from '../../../components/section-card';
import type { PatientFormValues } from '../forms/patient-form-values';

const yesNoOptions = yesNo.map((value) => ({ value, label: value === 'Yes' ? labels.yes : labels.no }));

/**
 * Device setup (spec patients 2.1): add only. Yes goes on to pairing on the edit page after the save; No
 * asks where to ship the device.
 */
export function DeviceSetupSection({ control }: { control: Control<PatientFormValues> }) {
  const connectDevices = useWatch({ control, name: 'connectDevices' });
  const promptId = useId();
  return (
    <SectionCard title={patientFormLabels.deviceSetup}>
      <Grid container spacing={2.5}>
        <Grid size={12}>
          <RadioField
            control={control}
            name="connectDevices"
            required
            label={patientFormLabels.connectDevices}
            options={yesNoOptions}
          />
        </Grid>
        {connectDevices === 'No' && (
          <Grid size={12}>
            <Typography id={promptId} sx={{ mb: 1.5 }}>
              {messages.shippingAddressPrompt}
            </Typography>
            <FormTextField
              control={control}
              name="shippingAddress"
              label={patientFormLabels.shippingAddress}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { 'aria-describedby': promptId, maxLength: 500 } }}
            />
          </Grid>
        )}
      </Grid>
    </SectionCard>
  );
}
