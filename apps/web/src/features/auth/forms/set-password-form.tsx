import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { labels, SetPasswordForm } from '@vigil/core';
import { useForm } from 'react-hook-form';
import { PasswordField } from '../../../components/password-field';

interface SetPasswordFieldsProps {
  pending: boolean;
  onSubmit: (password: string) => void;
}

export function SetPasswordFields({ pending, onSubmit }: SetPasswordFieldsProps) {
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(SetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={handleSubmit((values) => onSubmit(values.password))}
    >
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
