import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { UserView } from '../user-view';

export interface ChangeUserActiveStatusVariables {
  id: string;
  activeStatus: boolean;
}

/** PATCH /api/users/{id}/change-active-status (admins, never oneself). */
export async function changeUserActiveStatus({
  id,
  activeStatus,
}: ChangeUserActiveStatusVariables): Promise<UserView> {
  const answer = await api.patch<{ data: UserView }>(
    `/users/${encodeURIComponent(id)}/change-active-status`,
    {
      activeStatus,
    },
  );
  return answer.data;
}

export function useChangeUserActiveStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserActiveStatus,
    onSuccess: (user) => {
      queryClient.setQueryData(['users', 'detail', user.userId], user);
      return queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
    },
  });
}
