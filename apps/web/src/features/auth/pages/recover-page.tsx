import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { authLimits, authMessages, labels } from '@vigil/core';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { useRecover } from '../api/recover';
import { AuthCard } from '../components/auth-card';
import { RecoverFormFields } from '../forms/recover-form';

export function RecoverPage() {
  const recover = useRecover();

  if (recover.isSuccess) {
    return (
      <AuthCard title={labels.resetPassword}>
        <Stack spacing={2}>
          <Typography>{recover.data.message ?? authMessages.recoverSent}</Typography>
          <Typography color="text.secondary">
            Open the link in that email to choose a new password. The link works once and expires after{' '}
            {authLimits.resetTokenHours} hour. If no email arrives, check your spam folder or ask your
            administrator.
          </Typography>
          <Button component={RouterLink} to={paths.signIn} variant="contained" size="large">
            {labels.backToLogin}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={labels.forgotPassword}>
      <Stack spacing={2.5}>
        <Typography color="text.secondary">
          Enter the email you sign in with. We will send you a link to set a new password.
        </Typography>
        <RecoverFormFields pending={recover.isPending} onSubmit={(values) => recover.mutateAsync(values)} />
      </Stack>
    </AuthCard>
  );
}
