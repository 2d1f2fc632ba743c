import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MonthlyNoteRequest, MonthlyNoteView } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { monthlyNotesKey } from './get-monthly-notes';

export interface SaveMonthlyNoteInput {
  patientId: string;
  note: MonthlyNoteRequest;
}

/** POST /api/monthlyNotes/{patientId}: creates or replaces that month's note; answers the saved note. */
export async function saveMonthlyNote({ patientId, note }: SaveMonthlyNoteInput): Promise<MonthlyNoteView> {
  const answer = await api.post<{ data: MonthlyNoteView }>(
    `/monthlyNotes/${encodeURIComponent(patientId)}`,
    note,
  );
  return answer.data;
}

export function useSaveMonthlyNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMonthlyNote,
    onSuccess: (saved, { patientId }) => {
      // The saved note replaces its month at once; the refetch then brings the server's order.
      queryClient.setQueryData<MonthlyNoteView[]>(monthlyNotesKey(patientId), (notes) =>
        notes ? [saved, ...notes.filter((n) => n.yearMonthString !== saved.yearMonthString)] : [saved],
      );
      return queryClient.invalidateQueries({ queryKey: monthlyNotesKey(patientId) });
    },
    // A note changed meanwhile (409) or refused: the page shows the note as it is now.
    onError: (_error, { patientId }) =>
      queryClient.invalidateQueries({ queryKey: monthlyNotesKey(patientId) }),
  });
}
