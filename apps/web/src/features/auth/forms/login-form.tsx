import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { LoginForm, labels } from '@vigil/core';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../../components/form-text-field';
import { PasswordField } from '../../../components/password-field';
import { paths } from '../../../lib/paths';

interface LoginFormFieldsProps {
  defaultValues?: LoginForm;
  pending: boolean;
  onSubmit: (values: LoginForm) => void;
}

/** Login, step one: email and password. */
export function LoginFormFields({ defaultValues, pending, onSubmit }: LoginFormFieldsProps) {
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(LoginForm),
    defaultValues: defaultValues ?? { email: '', password: '' },
  });
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={handleSubmit(onSubmit)}>
      <FormTextField
        control={control}
        name="email"
        label={labels.email}
        type="email"
        autoComplete="username"
        autoFocus
      />
      <PasswordField
        control={control}
        name="password"
        label={labels.password}
        autoComplete="current-password"
      />
      <Link component={RouterLink} to={paths.recover} variant="body2" sx={{ alignSelf: 'flex-start' }}>
        {labels.forgotPassword}
      </Link>
      <Button type="submit" variant="contained" size="large" loading={pending}>
        {labels.login}
      </Button>
    </Stack>
  );
}
