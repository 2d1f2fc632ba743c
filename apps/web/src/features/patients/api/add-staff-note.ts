import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffNoteView } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { staffNotesKey } from './get-staff-notes';

export interface AddStaffNoteVariables {
  patientId: string;
  text: string;
}

/** POST /api/pacients/{id}/notes: the author is the signed-in user. */
export async function addStaffNote({ patientId, text }: AddStaffNoteVariables): Promise<StaffNoteView> {
  const answer = await api.post<{ data: { note: StaffNoteView } }>(
    `/pacients/${encodeURIComponent(patientId)}/notes`,
    { text },
  );
  return answer.data.note;
}

export function useAddStaffNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStaffNote,
    onSuccess: (note, { patientId }) => {
      queryClient.setQueryData<StaffNoteView[]>(
        staffNotesKey(patientId),
        (notes) => notes && [note, ...notes],
      );
      return queryClient.invalidateQueries({ queryKey: staffNotesKey(patientId) });
    },
  });
}
