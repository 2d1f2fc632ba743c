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
import { useSubmitOnce } from '../../../lib/use-single-flight';

interface LoginFormFieldsProps {
  defaultValues?: LoginForm;
  pending: boolean;
  /** Settles when the server has answered: until then a second press sends nothing. */
  onSubmit: (values: LoginForm) => Promise<unknown>;
}

/** Login, step one: email and password. */
export function LoginFormFields({ defaultValues, pending, onSubmit }: LoginFormFieldsProps) {
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(LoginForm),
    defaultValues: defaultValues ?? { email: '', password: '' },
  });
  const submitOnce = useSubmitOnce(handleSubmit(onSubmit));
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submitOnce}>
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
