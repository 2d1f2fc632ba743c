import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ClinicOption {
  id: string;
  name: string;
}

/** GET /api/clinics?active=1: the active clinics, for a CIRCLE user's clinic selector and Clinics filter. */
export async function getClinicOptions(signal?: AbortSignal): Promise<ClinicOption[]> {
  const answer = await api.get<{ data: ClinicOption[] }>('/clinics?active=1', { signal });
  return answer.data.map(({ id, name }) => ({ id, name }));
}

export function clinicOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['clinics', 'options'],
    queryFn: ({ signal }) => getClinicOptions(signal),
    staleTime: 60_000,
  });
}

export function useClinicOptions(enabled: boolean) {
  return useQuery({ ...clinicOptionsQueryOptions(), enabled });
}
