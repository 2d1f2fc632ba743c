import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ClinicSettingsForm, formatPhone, labels } from '@vigil/core';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { clinicUrl } from '../../../lib/paths';
import type { ClinicView } from '../clinic-view';

interface ClinicSettingsFieldsProps {
  clinic: ClinicView;
  /** Only admins edit the name and address; others see them disabled. */
  editable: boolean;
  pending: boolean;
  onSubmit: (values: ClinicSettingsForm) => void;
}

/** Clinic Info: name and address, with the texting number and the clinic URL shown read-only. */
export function ClinicSettingsFields({ clinic, editable, pending, onSubmit }: ClinicSettingsFieldsProps) {
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(ClinicSettingsForm),
    mode: 'onChange',
    defaultValues: { name: clinic.name, address: clinic.address },
  });
  const hasErrors = Object.keys(formState.errors).length > 0;
  // The section remounts this form with the saved clinic after a save, which leaves nothing unsaved.
  const guard = useUnsavedChangesGuard(formState.isDirty && !pending);
  return (
    <Stack component="form" noValidate spacing={3} onSubmit={handleSubmit(onSubmit)}>
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField control={control} name="name" label={labels.clinicName} disabled={!editable} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField control={control} name="address" label={labels.clinicAddress} disabled={!editable} />
        </Grid>
        {clinic.twilioNumber && (
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              label={labels.smsPhoneNumber}
              value={formatPhone(clinic.twilioNumber)}
              slotProps={{ htmlInput: { readOnly: true } }}
            />
          </Grid>
        )}
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            label={labels.clinicUrl}
            value={clinicUrl(clinic.slug)}
            slotProps={{ htmlInput: { readOnly: true } }}
            onFocus={(event) => event.target.select()}
          />
        </Grid>
      </Grid>
      {editable && (
        <Button
          type="submit"
          variant="contained"
          loading={pending}
          disabled={hasErrors}
          sx={{ alignSelf: 'flex-start' }}
        >
          {labels.saveClinicInfo}
        </Button>
      )}
      {guard.prompt}
    </Stack>
  );
}
