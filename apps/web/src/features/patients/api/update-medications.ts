import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MedicationForm, MedicationView } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { patientDetailsKey } from './get-patient-details';

export interface UpdateMedicationsInput {
  patientId: string;
  /** The whole list as it should be: new entries without an _id, kept ones with theirs. */
  medications: (MedicationForm | MedicationView)[];
}

/** PATCH /api/pacients/{id} with the full list of medications (spec patients 7); answers data.medications. */
export async function updateMedications({
  patientId,
  medications,
}: UpdateMedicationsInput): Promise<MedicationView[]> {
  const answer = await api.patch<{ data: { medications: MedicationView[] } }>(
    `/pacients/${encodeURIComponent(patientId)}`,
    { medications },
  );
  return answer.data.medications;
}

export function useUpdateMedications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMedications,
    onSuccess: (medications, { patientId }) => {
      queryClient.setQueryData(
        patientDetailsKey(patientId),
        (details: { medications?: unknown } | undefined) => (details ? { ...details, medications } : details),
      );
    },
  });
}
