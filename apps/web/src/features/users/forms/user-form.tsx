import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels, notices, UserForm } from '@vigil/core';
import { useState } from 'react';
import { Controller, type DefaultValues, useForm, useWatch } from 'react-hook-form';
import { CancelButton } from '../../../components/cancel-button';
import { FormTextField } from '../../../components/form-text-field';
import { RadioField } from '../../../components/radio-field';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { YesNoField } from '../../../components/yes-no-field';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useSubmitOnce } from '../../../lib/use-single-flight';
import { ContactFields } from '../components/contact-fields';
import { TemporaryPasswordDialog } from '../components/temporary-password-dialog';
import { twoFactorOptions } from './account-form';

/** The form's starting values; a new clinic user starts without a clinical role, which is then required. */
export type UserFormValues = DefaultValues<UserFormInput>;
/** What the form holds before the schema's defaults apply (zod's input type of UserForm). */
type UserFormInput = (typeof UserForm)['_zod']['input'];

interface UserFormFieldsProps {
  defaultValues: UserFormValues;
  /** Admins set the Administrator flag; nobody sets their own. */
  adminEditable: boolean;
  /** Clinical role and the physician fields: in a clinic context, or for a physician or staff user. */
  showClinicalRole: boolean;
  showTwoFactor: boolean;
  /** An existing user's form: their password stays unless a temporary one is set, and no email goes out. */
  editing?: boolean;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: UserForm) => Promise<unknown>;
  onCancel: () => void;
}

const clinicalRoleOptions = [
  { value: 'STAFF', label: labels.staff },
  { value: 'PHYSICIAN', label: labels.physician },
] as const;

/** The user form, new and edit (spec administration 2: User form). */
export function UserFormFields({
  defaultValues,
  adminEditable,
  showClinicalRole,
  showTwoFactor,
  editing = false,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: UserFormFieldsProps) {
  const { control, handleSubmit, setError, setValue, formState } = useForm<UserFormInput, unknown, UserForm>({
    resolver: zodResolver(UserForm),
    mode: 'onChange',
    defaultValues,
  });
  const [passwordDialogOpen, setPasswordDialogOpen] = useState(false);
  const clinicalRole = useWatch({ control, name: 'clinicalRole' });
  const password = useWatch({ control, name: 'password' });
  const hasErrors = Object.keys(formState.errors).length > 0;
  const guard = useUnsavedChangesGuard(formState.isDirty);
  const submitOnce = useSubmitOnce(
    handleSubmit((values) =>
      guard
        .saving(onSubmit(values))
        .catch((error: unknown) =>
          showServerFieldErrors(error, setError, ['firstName', 'lastName', 'phone', 'email', 'clinicalRole']),
        ),
    ),
  );

  return (
    <>
      <Stack
        component="form"
        noValidate
        spacing={3}
        // One account per press, however fast the second press comes.
        onSubmit={submitOnce}
      >
        <Grid container spacing={2.5}>
          <ContactFields control={control} autofill={false} />
          <Grid size={{ xs: 12, md: 6 }}>
            <YesNoField
              control={control}
              name="admin"
              label={labels.administrator}
              disabled={!adminEditable}
            />
          </Grid>
          {showClinicalRole && (
            <Grid size={{ xs: 12, md: 6 }}>
              <RadioField
                control={control}
                name="clinicalRole"
                label={labels.clinicalRole}
                options={clinicalRoleOptions}
              />
            </Grid>
          )}
          {showTwoFactor && (
            <Grid size={{ xs: 12, md: 6 }}>
              <RadioField
                control={control}
                name="twoFactorType"
                label={labels.twoFactor}
                options={twoFactorOptions}
              />
            </Grid>
          )}
          <Grid size={{ xs: 12, md: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
            <Controller
              control={control}
              name="timeTrackingEnabled"
              render={({ field }) => (
                <FormControlLabel
                  label={labels.timeTracking}
                  control={
                    <Checkbox
                      name={field.name}
                      checked={Boolean(field.value)}
                      onChange={(event) => field.onChange(event.target.checked)}
                    />
                  }
                />
              )}
            />
          </Grid>
          {showClinicalRole && clinicalRole === 'PHYSICIAN' && (
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
          <Grid size={12}>
            <Box>
              <Link component="button" type="button" onClick={() => setPasswordDialogOpen(true)}>
                {labels.createTemporaryPasswordLink}
              </Link>
              {password && (
                <Link
                  component="button"
                  type="button"
                  color="text.secondary"
                  sx={{ ml: 2 }}
                  onClick={() => setValue('password', undefined, { shouldValidate: true })}
                >
                  {labels.remove}
                </Link>
              )}
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} role="status">
                {password
                  ? notices.temporaryPasswordChosen
                  : editing
                    ? notices.passwordUnchanged
                    : notices.noTemporaryPassword}
              </Typography>
              {formState.errors.password && (
                <FormHelperText error>{formState.errors.password.message}</FormHelperText>
              )}
            </Box>
          </Grid>
        </Grid>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
          <Button type="submit" variant="contained" size="large" loading={pending} disabled={hasErrors}>
            {submitLabel}
          </Button>
          <CancelButton size="large" onClick={onCancel} />
        </Stack>
        {guard.prompt}
      </Stack>
      <TemporaryPasswordDialog
        open={passwordDialogOpen}
        onClose={() => setPasswordDialogOpen(false)}
        onConfirm={(chosen) => {
          setValue('password', chosen, { shouldValidate: true, shouldDirty: true });
          setPasswordDialogOpen(false);
        }}
      />
    </>
  );
}
