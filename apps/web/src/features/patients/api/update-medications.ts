import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MedicationForm, MedicationView } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { patientKey } from './get-patient';
import { patientDetailsKey } from './get-patient-details';

export interface UpdateMedicationsInput {
  patientId: string;
  /** The whole list as it should be: new entries without an _id, kept ones with theirs. */
  medications: (MedicationForm | MedicationView)[];
  /** The patient's version the list was built from: a colleague's change since is refused (409). */
  updatedAt: string;
}

export interface SavedMedications {
  medications: MedicationView[];
  updatedAt: string;
}

/** PATCH /api/pacients/{id} with the full list of medications (spec patients 7); answers the saved list. */
export async function updateMedications({
  patientId,
  medications,
  updatedAt,
}: UpdateMedicationsInput): Promise<SavedMedications> {
  const answer = await api.patch<{ data: SavedMedications }>(`/pacients/${encodeURIComponent(patientId)}`, {
    medications,
    updatedAt,
  });
  return answer.data;
}

export function useUpdateMedications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMedications,
    onSuccess: ({ medications, updatedAt }, { patientId }) => {
      queryClient.setQueryData(
        patientDetailsKey(patientId),
        (details: { medications?: unknown } | undefined) =>
          details ? { ...details, medications, updatedAt } : details,
      );
      // The patient form opens on the new version.
      return queryClient.invalidateQueries({ queryKey: patientKey(patientId) });
    },
    // Changed meanwhile (409): the page shows the list as it is now.
    onError: (_error, { patientId }) =>
      queryClient.invalidateQueries({ queryKey: patientDetailsKey(patientId) }),
  });
}
