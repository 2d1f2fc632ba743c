import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserRequest } from '@vigil/core';
import { api } from '../../../lib/api-client';
import type { UserView } from '../user-view';

/**
 * POST /api/users (admins). Without a password the server emails the new user a set-password link; with
 * one, it is a temporary password the user replaces at the first sign-in.
 */
export async function createUser(body: CreateUserRequest): Promise<UserView> {
  const answer = await api.post<{ data: UserView }>('/users', body);
  return answer.data;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users', 'list'] }),
  });
}
