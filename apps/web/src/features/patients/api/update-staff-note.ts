import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffNoteView } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { staffNotesKey } from './get-staff-notes';

export interface UpdateStaffNoteVariables {
  patientId: string;
  noteId: string;
  text: string;
}

/** PATCH /api/pacients/{id}/notes/{noteId}: only a NOTE is editable (a FORM note answers 400). */
export async function updateStaffNote({
  patientId,
  noteId,
  text,
}: UpdateStaffNoteVariables): Promise<StaffNoteView> {
  const answer = await api.patch<{ data: { note: StaffNoteView } }>(
    `/pacients/${encodeURIComponent(patientId)}/notes/${encodeURIComponent(noteId)}`,
    { text },
  );
  return answer.data.note;
}

export function useUpdateStaffNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStaffNote,
    onSuccess: (note, { patientId }) =>
      queryClient.setQueryData<StaffNoteView[]>(staffNotesKey(patientId), (notes) =>
        notes?.map((n) => (n._id === note._id ? note : n)),
      ),
  });
}
