import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface FilterClinic {
  id: string;
  name: string;
}

/** GET /api/clinics?active=1: the active clinics, for the Clinics filter of CIRCLE users. */
export async function getFilterClinics(signal?: AbortSignal): Promise<FilterClinic[]> {
  const answer = await api.get<{ data: FilterClinic[] }>('/clinics?active=1', { signal });
  return answer.data.map(({ id, name }) => ({ id, name }));
}

export function filterClinicsQueryOptions() {
  return queryOptions({
    queryKey: ['clinics', 'filter-options'],
    queryFn: ({ signal }) => getFilterClinics(signal),
    staleTime: 60_000,
  });
}

export function useFilterClinics(enabled: boolean) {
  return useQuery({ ...filterClinicsQueryOptions(), enabled });
}
