import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toasts, type UpdateUserRequest } from '@vigil/core';
import { api } from '../../../lib/api-client';
import type { UserView } from '../user-view';

export interface UpdateUserVariables {
  id: string;
  body: UpdateUserRequest;
}

/** PUT /api/users/{id}: any of the user's fields; data is the updated user. */
export async function updateUser({ id, body }: UpdateUserVariables): Promise<UserView> {
  const answer = await api.put<{ data: UserView }>(`/users/${encodeURIComponent(id)}`, body);
  return answer.data;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    // The spec's failure toast replaces the server's message (spec administration 7: PUT /users/{id}).
    meta: { errorMessage: toasts.userUpdateFailed },
    onSuccess: (user) => {
      queryClient.setQueryData(['users', 'detail', user.userId], user);
      return queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
    },
  });
}
