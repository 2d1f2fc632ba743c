import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffNoteView } from '@vigil/core';
import { api } from '../../../lib/api-client';

/** GET /api/pacients/{id}/notes: the patient's staff notes, newest first. */
export async function getStaffNotes(patientId: string, signal?: AbortSignal): Promise<StaffNoteView[]> {
  const answer = await api.get<{ data: { notes: StaffNoteView[] } }>(
    `/pacients/${encodeURIComponent(patientId)}/notes`,
    { signal },
  );
  return answer.data.notes;
}

export const staffNotesKey = (patientId: string) => ['notes', patientId] as const;

export function staffNotesQueryOptions(patientId: string) {
  return queryOptions({
    queryKey: staffNotesKey(patientId),
    queryFn: ({ signal }) => getStaffNotes(patientId, signal),
  });
}

export function useStaffNotes(patientId: string) {
  return useQuery(staffNotesQueryOptions(patientId));
}
