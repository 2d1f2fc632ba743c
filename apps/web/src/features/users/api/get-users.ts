import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { UserView } from '../user-view';

/**
 * GET /api/users: the users of a clinic (role.portal CLINIC), or with no clinic the operator portal's
 * (role.portal CIRCLE). The signed-in user is left out; the list is sorted by last name.
 */
export async function getUsers(clinicId: string | null, signal?: AbortSignal): Promise<UserView[]> {
  const query = new URLSearchParams(
    clinicId ? { clinicId, 'role.portal': 'CLINIC' } : { 'role.portal': 'CIRCLE' },
  );
  const answer = await api.get<{ data: UserView[] }>(`/users?${query.toString()}`, { signal });
  return answer.data;
}

export function usersQueryOptions(clinicId: string | null) {
  return queryOptions({
    queryKey: ['users', 'list', clinicId ?? 'CIRCLE'],
    queryFn: ({ signal }) => getUsers(clinicId, signal),
  });
}

export function useUsers(clinicId: string | null) {
  return useQuery(usersQueryOptions(clinicId));
}
