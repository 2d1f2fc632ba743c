import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ClinicView } from '../clinic-view';

/** GET /api/clinics/{id}: one clinic (404 outside the user's scope). */
export async function getClinic(id: string, signal?: AbortSignal): Promise<ClinicView> {
  const answer = await api.get<{ data: ClinicView }>(`/clinics/${encodeURIComponent(id)}`, { signal });
  return answer.data;
}

export function clinicQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['clinics', 'detail', id],
    queryFn: ({ signal }) => getClinic(id, signal),
    // Settings forms are filled from it: start from what the server holds now.
    staleTime: 0,
  });
}

export function useClinic(id: string) {
  return useQuery(clinicQueryOptions(id));
}
