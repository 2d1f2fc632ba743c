import { useMutation } from '@tanstack/react-query';
import { type ChangePasswordRequest, SessionUser, toasts } from '@vigil/core';
import { api } from '../../../lib/api-client';

/** POST /api/auth/change-password: data is the user. */
export async function changePassword(body: ChangePasswordRequest): Promise<SessionUser> {
  const answer = await api.post<{ data: unknown }>('/auth/change-password', body);
  return SessionUser.parse(answer.data);
}

export function useChangePassword() {
  // The spec's failure toast replaces the server's message (e.g. 'Current password is incorrect').
  return useMutation({ mutationFn: changePassword, meta: { errorMessage: toasts.passwordUpdateFailed } });
}
