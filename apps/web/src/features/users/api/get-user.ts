import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { UserView } from '../user-view';

/** GET /api/users/{id}: one user (own account, or one an admin may edit). */
export async function getUser(id: string, signal?: AbortSignal): Promise<UserView> {
  const answer = await api.get<{ data: UserView }>(`/users/${encodeURIComponent(id)}`, { signal });
  return answer.data;
}

export function userQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['users', 'detail', id],
    queryFn: ({ signal }) => getUser(id, signal),
    // A form is filled from it: always start from what the server holds now.
    staleTime: 0,
  });
}

export function useUser(id: string | undefined) {
  return useQuery({ ...userQueryOptions(id ?? ''), enabled: Boolean(id) });
}
