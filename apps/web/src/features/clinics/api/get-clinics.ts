import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ClinicView } from '../clinic-view';

/** GET /api/clinics: every clinic for the operator portal (a clinic user gets their own), sorted by name. */
export async function getClinics(signal?: AbortSignal): Promise<ClinicView[]> {
  const answer = await api.get<{ data: ClinicView[] }>('/clinics', { signal });
  return answer.data;
}

export function clinicsQueryOptions() {
  return queryOptions({ queryKey: ['clinics', 'list'], queryFn: ({ signal }) => getClinics(signal) });
}

export function useClinics() {
  return useQuery(clinicsQueryOptions());
}
