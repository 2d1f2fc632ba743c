import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MonthlyNoteView } from '@vigil/core';
import { api } from '../../../lib/api-client';

/** GET /api/monthlyNotes/patient/{id}/: the patient's monthly notes, newest month first. */
export async function getMonthlyNotes(patientId: string, signal?: AbortSignal): Promise<MonthlyNoteView[]> {
  const answer = await api.get<{ data: MonthlyNoteView[] }>(
    `/monthlyNotes/patient/${encodeURIComponent(patientId)}/`,
    { signal },
  );
  return answer.data;
}

export const monthlyNotesKey = (patientId: string) => ['monthly-notes', patientId] as const;

export function monthlyNotesQueryOptions(patientId: string) {
  return queryOptions({
    queryKey: monthlyNotesKey(patientId),
    queryFn: ({ signal }) => getMonthlyNotes(patientId, signal),
  });
}

export function useMonthlyNotes(patientId: string) {
  return useQuery(monthlyNotesQueryOptions(patientId));
}
