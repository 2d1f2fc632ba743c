import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoleType, UserOption } from '@vigil/core';
import { api } from '../../../lib/api-client';

/**
 * GET /api/users?clinics=&roleType=: the users a patient can be assigned to, for the form's pickers and
 * the filter dialog. Any signed-in user may ask; a clinic user only ever gets their own clinic's users.
 * Care navigators belong to no clinic, so `clinics` does not narrow them.
 */
export async function getUserOptions(
  roleType: RoleType,
  clinicIds: readonly string[],
  signal?: AbortSignal,
): Promise<UserOption[]> {
  const query = new URLSearchParams({ roleType });
  if (clinicIds.length) query.set('clinics', clinicIds.join(','));
  const answer = await api.get<{ data: UserOption[] }>(`/users?${query.toString()}`, { signal });
  return answer.data;
}

export function userOptionsQueryOptions(roleType: RoleType, clinicIds: readonly string[]) {
  return queryOptions({
    queryKey: ['users', 'options', roleType, [...clinicIds].sort().join(',')],
    queryFn: ({ signal }) => getUserOptions(roleType, clinicIds, signal),
    staleTime: 60_000,
  });
}

export function useUserOptions(roleType: RoleType, clinicIds: readonly string[], enabled = true) {
  return useQuery({ ...userOptionsQueryOptions(roleType, clinicIds), enabled });
}
