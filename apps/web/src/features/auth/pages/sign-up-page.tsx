import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels } from '@vigil/core';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { AuthCard } from '../components/auth-card';

/** Accounts are created by administrators; this page tells a visitor so and leads back to login. */
export function SignUpPage() {
  return (
    <AuthCard title="Create an account">
      <Stack spacing={3}>
        <Typography>
          Vigil accounts are created by your clinic's administrator. Ask them to add you; you will receive an
          email with a link to set your password.
        </Typography>
        <Button component={RouterLink} to={paths.signIn} variant="contained" size="large">
          {labels.backToLogin}
        </Button>
      </Stack>
    </AuthCard>
  );
}
