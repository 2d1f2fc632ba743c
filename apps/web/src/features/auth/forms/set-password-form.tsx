import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { labels, SetPasswordForm } from '@vigil/core';
import { useForm } from 'react-hook-form';
import { PasswordField } from '../../../components/password-field';
import { useSubmitOnce } from '../../../lib/use-single-flight';

interface SetPasswordFieldsProps {
  pending: boolean;
  /** Settles when the server has answered: until then a second press sends nothing. */
  onSubmit: (password: string) => Promise<unknown>;
}

export function SetPasswordFields({ pending, onSubmit }: SetPasswordFieldsProps) {
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(SetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const submitOnce = useSubmitOnce(handleSubmit((values) => onSubmit(values.password)));
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submitOnce}>
      <PasswordField
        control={control}
        name="password"
        label={labels.setPassword}
        autoComplete="new-password"
        autoFocus
      />
      <PasswordField
        control={control}
        name="confirmPassword"
        label={labels.confirmPassword}
        autoComplete="new-password"
      />
      <Button type="submit" variant="contained" size="large" loading={pending}>
        {labels.setPassword}
      </Button>
    </Stack>
  );
}
