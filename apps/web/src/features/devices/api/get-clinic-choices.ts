import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ClinicChoice {
  id: string;
  name: string;
  active: boolean;
}

/**
 * GET /api/clinics: every clinic, inactive ones too, so that a device of an inactive clinic still shows its
 * clinic on the edit form.
 */
export async function getClinicChoices(signal?: AbortSignal): Promise<ClinicChoice[]> {
  const answer = await api.get<{ data: ClinicChoice[] }>('/clinics', { signal });
  return answer.data.map(({ id, name, active }) => ({ id, name, active }));
}

export function clinicChoicesQueryOptions() {
  return queryOptions({
    // Its own key: the clinics dashboard caches the full clinics under ['clinics', 'list'].
    queryKey: ['clinics', 'device-choices'],
    queryFn: ({ signal }) => getClinicChoices(signal),
    staleTime: 60_000,
  });
}

export function useClinicChoices(enabled: boolean) {
  return useQuery({ ...clinicChoicesQueryOptions(), enabled });
}
