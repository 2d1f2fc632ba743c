import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ChangePasswordForm, labels } from '@vigil/core';
import { useForm } from 'react-hook-form';
import { PasswordField } from '../../../components/password-field';
import { useSubmitOnce } from '../../../lib/use-single-flight';

interface ChangePasswordFieldsProps {
  pending: boolean;
  /** Resolves true when the password changed, so the fields can be emptied. */
  onSubmit: (values: ChangePasswordForm) => Promise<boolean>;
}

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordFields({ pending, onSubmit }: ChangePasswordFieldsProps) {
  const { control, handleSubmit, reset } = useForm({
    resolver: zodResolver(ChangePasswordForm),
    defaultValues: empty,
  });
  const submitOnce = useSubmitOnce(
    handleSubmit(async (values) => {
      if (await onSubmit(values)) reset(empty);
    }),
  );
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submitOnce}>
      <PasswordField
        control={control}
        name="currentPassword"
        label={labels.currentPassword}
        autoComplete="current-password"
      />
      <PasswordField
        control={control}
        name="newPassword"
        label={labels.newPassword}
        autoComplete="new-password"
      />
      <PasswordField
        control={control}
        name="confirmPassword"
        label={labels.confirmPassword}
        autoComplete="new-password"
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={pending}
        sx={{ alignSelf: 'flex-start' }}
      >
        {labels.updatePassword}
      </Button>
    </Stack>
  );
}
