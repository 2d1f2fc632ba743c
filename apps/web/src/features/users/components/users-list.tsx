import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labels, notices, roleLabel, toasts } from '@vigil/core';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SectionCard } from '../../../components/section-card';
import { links } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useChangeUserActiveStatus } from '../api/change-user-active-status';
import { useUsers } from '../api/get-users';
import type { UserView } from '../user-view';

interface UsersListProps {
  /** The clinic whose users are listed; null for the operator portal's users. */
  clinicId: string | null;
  /** Admins get Edit, Activate/Deactivate and the 'Create new account' link. */
  canManage: boolean;
}

/** The Users list of the account and clinic screens (spec administration 2: Users list). */
export function UsersList({ clinicId, canManage }: UsersListProps) {
  const users = useUsers(clinicId);
  const changeStatus = useChangeUserActiveStatus();
  // The user stays after closing, so the dialog's wording does not flip while it fades out.
  const [confirm, setConfirm] = useState<{ open: boolean; user: UserView | null }>({
    open: false,
    user: null,
  });
  const activating = confirm.user?.isDeactivated ?? false;
  const setConfirming = (user: UserView | null) =>
    setConfirm((current) => (user ? { open: true, user } : { ...current, open: false }));

  function handleConfirm() {
    const user = confirm.user;
    if (!user) return;
    return changeStatus
      .mutateAsync({ id: user.userId, activeStatus: user.isDeactivated })
      .then(() => showToast(toasts.userUpdated, 'success'))
      .catch(() => undefined)
      .finally(() => setConfirming(null));
  }

  return (
    <SectionCard
      title={labels.users}
      action={
        canManage && (
          <Link component={RouterLink} to={links.accountNew(clinicId)} sx={{ fontWeight: 500 }}>
            {labels.createNewAccount}
          </Link>
        )
      }
    >
      {users.isPending ? (
        <CircularProgress size={28} aria-label={labels.loading} />
      ) : users.isError ? (
        <Alert severity="error">{users.error.message}</Alert>
      ) : users.data.length === 0 ? (
        <Typography color="text.secondary">{notices.noUsers}</Typography>
      ) : (
        <List disablePadding aria-label={labels.users}>
          {users.data.map((user, index) => (
            <ListItem
              key={user.userId}
              divider={index < users.data.length - 1}
              disableGutters
              sx={{
                py: 1.5,
                gap: 2,
                flexWrap: 'wrap',
                alignItems: 'center',
                justifyContent: 'space-between',
              }}
            >
              <Stack
                direction="row"
                spacing={1.5}
                sx={{ alignItems: 'center', minWidth: 0, flex: '1 1 240px' }}
              >
                <Avatar
                  src={user.avatar ?? undefined}
                  alt=""
                  sx={{ width: 36, height: 36, fontSize: '0.9rem' }}
                >
                  {`${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase()}
                </Avatar>
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                    {user.firstName} {user.lastName}
                    {user.isDeactivated && (
                      <Chip label={labels.deactivated} size="small" sx={{ ml: 1, verticalAlign: 'middle' }} />
                    )}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {roleLabel(user.role.type)}
                  </Typography>
                </Box>
              </Stack>
              {canManage && (
                <Stack direction="row" spacing={1}>
                  <Button
                    component={RouterLink}
                    to={links.accountEdit(user.userId)}
                    size="small"
                    variant="outlined"
                    aria-label={`${labels.edit} ${user.firstName} ${user.lastName}`}
                  >
                    {labels.edit}
                  </Button>
                  <Button
                    size="small"
                    variant="outlined"
                    color={user.isDeactivated ? 'primary' : 'error'}
                    onClick={() => setConfirming(user)}
                    aria-label={`${user.isDeactivated ? labels.activate : labels.deactivate} ${user.firstName} ${user.lastName}`}
                  >
                    {user.isDeactivated ? labels.activate : labels.deactivate}
                  </Button>
                </Stack>
              )}
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={confirm.open}
        title={activating ? labels.activateUser : labels.deactivateUser}
        text={activating ? notices.activateUser : notices.deactivateUser}
        confirmLabel={activating ? labels.activate : labels.deactivate}
        destructive={!activating}
        pending={changeStatus.isPending}
        onConfirm={handleConfirm}
        onCancel={() => setConfirming(null)}
      />
    </SectionCard>
  );
}
