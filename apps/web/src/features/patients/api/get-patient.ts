import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PatientView } from '@vigil/core';
import { api } from '../../../lib/api-client';

/** GET /api/pacients/{id}: the patient as the form edits it (spec patients 7). */
export async function getPatient(id: string, signal?: AbortSignal): Promise<PatientView> {
  const answer = await api.get<{ data: PatientView }>(`/pacients/${encodeURIComponent(id)}`, { signal });
  return answer.data;
}

export const patientKey = (id: string) => ['patients', 'detail', id] as const;

export function patientQueryOptions(id: string) {
  return queryOptions({ queryKey: patientKey(id), queryFn: ({ signal }) => getPatient(id, signal) });
}

export function usePatient(id: string | undefined) {
  return useQuery({ ...patientQueryOptions(id ?? ''), enabled: Boolean(id) });
}
