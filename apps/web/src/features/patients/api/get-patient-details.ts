import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PatientDetailsView } from '@vigil/core';
import { api } from '../../../lib/api-client';

/** GET /api/pacients/{id}/details: what the detail page's first paint needs (decision 0010). */
export async function getPatientDetails(id: string, signal?: AbortSignal): Promise<PatientDetailsView> {
  const answer = await api.get<{ data: PatientDetailsView }>(`/pacients/${encodeURIComponent(id)}/details`, {
    signal,
  });
  return answer.data;
}

export const patientDetailsKey = (id: string) => ['patients', 'details', id] as const;

export function patientDetailsQueryOptions(id: string) {
  return queryOptions({
    queryKey: patientDetailsKey(id),
    queryFn: ({ signal }) => getPatientDetails(id, signal),
  });
}

export function usePatientDetails(id: string) {
  return useQuery(patientDetailsQueryOptions(id));
}
