import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { AccountForm, labels } from '@vigil/core';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { RadioField } from '../../../components/radio-field';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { YesNoField } from '../../../components/yes-no-field';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useSubmitOnce } from '../../../lib/use-single-flight';
import { ContactFields } from '../components/contact-fields';
import type { UserView } from '../user-view';

interface AccountFormFieldsProps {
  user: UserView;
  /** Admins see the Two Factor choice (spec administration 6). */
  showTwoFactor: boolean;
  /** Emergency protocol is for physicians only. */
  showEmergencyProtocol: boolean;
  pending: boolean;
  /** Resolves, or rejects with the API error so its field messages can be shown. */
  onSubmit: (values: AccountForm) => Promise<unknown>;
}

export const twoFactorOptions = [
  { value: 'none', label: labels.twoFactorNone },
  { value: 'sms', label: labels.twoFactorSms },
] as const;

/**
 * General Info of the own account. The Admin flag is shown but never editable here: nobody changes their
 * own administrator access (the server refuses it too).
 */
export function AccountFormFields({
  user,
  showTwoFactor,
  showEmergencyProtocol,
  pending,
  onSubmit,
}: AccountFormFieldsProps) {
  const { control, handleSubmit, setError, formState, reset, getValues } = useForm({
    resolver: zodResolver(AccountForm),
    mode: 'onChange',
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone ?? '',
      email: user.email,
      admin: user.admin,
      emergencyProtocol: user.emergencyProtocol ?? '',
      twoFactorType: user.twoFactorType,
    },
  });
  const hasErrors = Object.keys(formState.errors).length > 0;
  const guard = useUnsavedChangesGuard(formState.isDirty);

  const submitOnce = useSubmitOnce(
    handleSubmit((values) =>
      guard
        .saving(onSubmit(values))
        // The form stays on the page: what was saved is the new starting point, nothing is unsaved.
        .then(() => reset(getValues()))
        .catch((error: unknown) =>
          showServerFieldErrors(error, setError, ['firstName', 'lastName', 'phone', 'email']),
        ),
    ),
  );
  return (
    <Stack component="form" noValidate spacing={3} onSubmit={submitOnce}>
      <Grid container spacing={2.5}>
        <ContactFields control={control} autofill />
        <Grid size={{ xs: 12, md: 6 }}>
          <YesNoField control={control} name="admin" label={labels.admin} disabled />
        </Grid>
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
        {showEmergencyProtocol && (
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
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={pending}
        disabled={hasErrors}
        sx={{ alignSelf: 'flex-start' }}
      >
        {labels.updateAndSaveChanges}
      </Button>
      {guard.prompt}
    </Stack>
  );
}
