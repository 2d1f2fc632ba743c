import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { authMessages, labels, productName, toasts } from '@vigil/core';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useClinicInfo } from '../api/get-clinic-info';
import { useSetPassword } from '../api/set-password';
import { AuthCard } from '../components/auth-card';
import { SetPasswordFields } from '../forms/set-password-form';

/** The welcome line: the clinic's name when the server knows it (spec: an optional clinic name). */
export function welcomeText(clinicName: string | null | undefined): string {
  return clinicName ? `Welcome to ${productName} at ${clinicName}.` : `Welcome to ${productName}.`;
}

/** /auth/set-password?token&id[&type=new] or /auth/set-password/{id}?token: the link of the emails. */
export function SetPasswordPage() {
  const [searchParams] = useSearchParams();
  const params = useParams();
  const token = searchParams.get('token');
  const id = searchParams.get('id') ?? params.id ?? null;
  const isNewAccount = searchParams.get('type') === 'new';
  const clinicInfo = useClinicInfo(id);
  const setPassword = useSetPassword();
  const navigate = useNavigate();

  async function handleSubmit(password: string) {
    if (!token || !id) return;
    await setPassword.mutateAsync({ password, token, id });
    showToast(toasts.passwordSet, 'success');
    navigate(paths.signIn, { replace: true });
  }

  return (
    <AuthCard title={isNewAccount ? labels.newAccount : labels.resetYourPassword}>
      <Stack spacing={2.5}>
        <Typography>{welcomeText(clinicInfo.data?.data.clinic_name)}</Typography>
        {token && id ? (
          <>
            <Typography color="text.secondary">
              {isNewAccount
                ? 'Choose a password to finish setting up your account.'
                : 'Choose a new password for your account.'}{' '}
              It needs at least 8 characters, with an upper case letter and a special character.
            </Typography>
            <SetPasswordFields pending={setPassword.isPending} onSubmit={handleSubmit} />
          </>
        ) : (
          <>
            <Alert severity="error">{authMessages.invalidResetLink}</Alert>
            <Button component={RouterLink} to={paths.recover} variant="contained">
              {labels.forgotPassword}
            </Button>
          </>
        )}
      </Stack>
    </AuthCard>
  );
}
