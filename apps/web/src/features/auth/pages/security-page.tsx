import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ChangePasswordForm } from '@vigil/core';
import { labels, passwordSpecialCharacters } from '@vigil/core';
import { useSession } from '../../../lib/session/session-context';
import { showToast } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';
import { ChangePasswordFields } from '../forms/change-password-form';

/** /security: Change Password (spec administration 2). */
export function SecurityPage() {
  const changePassword = useChangePassword();
  const { dispatch } = useSession();

  async function handleSubmit(values: ChangePasswordForm): Promise<boolean> {
    try {
      const user = await changePassword.mutateAsync({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      dispatch({ type: 'userUpdated', user });
      showToast(labels.passwordUpdated, 'success');
      return true;
    } catch {
      // The failure toast is raised by the app's error handler ('Could not update password').
      return false;
    }
  }

  return (
    <>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {labels.changePassword}
      </Typography>
      <Card sx={{ maxWidth: 480 }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Your new password needs at least 8 characters, with an upper case letter, a lower case letter and
            one of{' '}
            <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
              {passwordSpecialCharacters}
            </Box>
            .
          </Typography>
          <ChangePasswordFields pending={changePassword.isPending} onSubmit={handleSubmit} />
        </CardContent>
      </Card>
    </>
  );
}
