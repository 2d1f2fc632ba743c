import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { type AccountForm, labels, notices, toasts } from '@vigil/core';
import { SectionCard } from '../../../components/section-card';
import { useSession, useSignedInUser } from '../../../lib/session/session-context';
import { showToast } from '../../../lib/toast';
import { useUser } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { AccountFormFields } from '../forms/account-form';
import { AvatarUpload } from './avatar-upload';

/** Strips the users API's extra field so the session keeps exactly its own shape. */
function toSessionUser<T extends { isDeactivated?: boolean }>(user: T): Omit<T, 'isDeactivated'> {
  const { isDeactivated: _, ...rest } = user;
  return rest;
}

/** General Info of the signed-in user (spec administration 2: Account), saved with PUT /users/{own id}. */
export function GeneralInfoSection() {
  const sessionUser = useSignedInUser();
  const { dispatch } = useSession();
  const user = useUser(sessionUser.userId);
  const updateUser = useUpdateUser();
  const isAdmin = sessionUser.role.access === 'ADMIN';

  async function handleSubmit(values: AccountForm) {
    const updated = await updateUser.mutateAsync({
      id: sessionUser.userId,
      body: {
        firstName: values.firstName,
        lastName: values.lastName,
        phone: values.phone,
        email: values.email,
        ...(sessionUser.role.type === 'PHYSICIAN'
          ? { emergencyProtocol: values.emergencyProtocol ?? null }
          : {}),
        ...(isAdmin ? { twoFactorType: values.twoFactorType } : {}),
      },
    });
    dispatch({ type: 'userUpdated', user: toSessionUser(updated) });
    showToast(toasts.userUpdated, 'success');
  }

  function handleAvatarUploaded(url: string) {
    dispatch({ type: 'userUpdated', user: { ...sessionUser, avatar: url } });
  }

  return (
    <SectionCard title={labels.generalInfo}>
      {user.data ? (
        <Stack spacing={3}>
          <AvatarUpload
            firstName={user.data.firstName}
            lastName={user.data.lastName}
            avatar={sessionUser.avatar}
            onUploaded={handleAvatarUploaded}
          />
          <AccountFormFields
            user={user.data}
            showTwoFactor={isAdmin}
            showEmergencyProtocol={user.data.role.type === 'PHYSICIAN'}
            pending={updateUser.isPending}
            onSubmit={handleSubmit}
          />
        </Stack>
      ) : user.isError ? (
        <Alert severity="error">{notices.accountNotLoaded}</Alert>
      ) : (
        <CircularProgress size={28} aria-label={labels.loading} />
      )}
    </SectionCard>
  );
}
