import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserOption } from '@vigil/core';
import { api } from '../../../lib/api-client';

/** GET /api/users?roleType=PHYSICIAN&clinics=: the physicians of one clinic, for a report's physician. */
export async function getReportPhysicians(clinicId: string, signal?: AbortSignal): Promise<UserOption[]> {
  const query = new URLSearchParams({ roleType: 'PHYSICIAN', clinics: clinicId });
  const answer = await api.get<{ data: UserOption[] }>(`/users?${query}`, { signal });
  return answer.data;
}

export function reportPhysiciansQueryOptions(clinicId: string) {
  return queryOptions({
    queryKey: ['users', 'report-physicians', clinicId],
    queryFn: ({ signal }) => getReportPhysicians(clinicId, signal),
    staleTime: 60_000,
  });
}

/** Asked only once a clinic is chosen (spec administration 5: the dropdown is disabled until then). */
export function useReportPhysicians(clinicId: string) {
  return useQuery({ ...reportPhysiciansQueryOptions(clinicId), enabled: Boolean(clinicId) });
}
