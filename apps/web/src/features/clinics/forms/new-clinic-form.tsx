import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { deriveSlug, labels, NewClinicForm } from '@vigil/core';
import { useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { CancelButton } from '../../../components/cancel-button';
import { FormTextField } from '../../../components/form-text-field';
import { RadioField } from '../../../components/radio-field';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { clinicUrl } from '../../../lib/paths';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useSubmitOnce } from '../../../lib/use-single-flight';

type NewClinicValues = NewClinicForm;

const empty: NewClinicValues = {
  clinic_name: '',
  clinic_slug: '',
  clinic_area_code: '',
  clinic_address: '',
  clinic_admin_first_name: '',
  clinic_admin_last_name: '',
  clinic_admin_role: 'PHYSICIAN',
  clinic_admin_phone: '',
  clinic_admin_email: '',
  emergencyProtocol: '',
};

const fieldNames = Object.keys(empty) as (keyof NewClinicValues)[];

const adminRoleOptions = [
  { value: 'PHYSICIAN', label: labels.physician },
  { value: 'STAFF', label: labels.staff },
] as const;

interface NewClinicFieldsProps {
  pending: boolean;
  /** Resolves, or rejects with the API error so a taken slug or email shows under its field. */
  onSubmit: (values: NewClinicForm) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * The new-clinic form (spec administration 3, 5). The slug follows the name (deriveSlug) until the user
 * edits the slug by hand; from then on it is theirs.
 */
export function NewClinicFields({ pending, onSubmit, onCancel }: NewClinicFieldsProps) {
  const { control, handleSubmit, setValue, setError, formState } = useForm({
    resolver: zodResolver(NewClinicForm),
    mode: 'onTouched',
    defaultValues: empty,
  });
  const slugEditedByHand = useRef(false);
  const role = useWatch({ control, name: 'clinic_admin_role' });
  const slug = useWatch({ control, name: 'clinic_slug' });
  const guard = useUnsavedChangesGuard(formState.isDirty);

  // One clinic per press, however fast the second press (or Enter) comes.
  const submitOnce = useSubmitOnce(
    handleSubmit((values) =>
      guard
        .saving(onSubmit(values))
        .catch((error: unknown) => showServerFieldErrors(error, setError, fieldNames)),
    ),
  );
  return (
    <Stack component="form" noValidate spacing={3} onSubmit={submitOnce}>
      <Typography variant="h2">{labels.clinicInfo}</Typography>
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            control={control}
            name="clinic_name"
            render={({ field, fieldState }) => (
              <TextField
                label={labels.clinicName}
                name={field.name}
                value={field.value}
                inputRef={field.ref}
                onBlur={field.onBlur}
                onChange={(event) => {
                  field.onChange(event);
                  if (!slugEditedByHand.current)
                    setValue('clinic_slug', deriveSlug(event.target.value), {
                      shouldValidate: formState.isSubmitted,
                    });
                }}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                autoFocus
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            control={control}
            name="clinic_slug"
            render={({ field, fieldState }) => (
              <TextField
                label={labels.clinicSlug}
                name={field.name}
                value={field.value}
                inputRef={field.ref}
                onBlur={field.onBlur}
                onChange={(event) => {
                  slugEditedByHand.current = true;
                  field.onChange(event.target.value.toLowerCase());
                }}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? (slug ? clinicUrl(slug) : ' ')}
                slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Controller
            control={control}
            name="clinic_area_code"
            render={({ field, fieldState }) => (
              <TextField
                label={labels.areaCode}
                name={field.name}
                value={field.value}
                inputRef={field.ref}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.target.value.replace(/\D/g, '').slice(0, 3))}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? 'For the clinic’s texting number'}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <FormTextField control={control} name="clinic_address" label={labels.clinicAddress} />
        </Grid>
      </Grid>
      <Typography variant="h2">{labels.administrator}</Typography>
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField control={control} name="clinic_admin_first_name" label={labels.adminFirstName} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField control={control} name="clinic_admin_last_name" label={labels.adminLastName} />
        </Grid>
        <Grid size={12}>
          <RadioField
            control={control}
            name="clinic_admin_role"
            label={labels.adminRole}
            options={adminRoleOptions}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField control={control} name="clinic_admin_phone" label={labels.adminPhone} type="tel" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField control={control} name="clinic_admin_email" label={labels.adminEmail} type="email" />
        </Grid>
        {role === 'PHYSICIAN' && (
          <Grid size={12}>
            <FormTextField
              control={control}
              name="emergencyProtocol"
              label={labels.emergencyProtocol}
              multiline
              minRows={3}
            />
          </Grid>
        )}
      </Grid>
      <Stack direction="row" spacing={1.5}>
        <Button type="submit" variant="contained" size="large" loading={pending}>
          {labels.createClinic}
        </Button>
        <CancelButton size="large" onClick={onCancel} />
      </Stack>
      {guard.prompt}
    </Stack>
  );
}
