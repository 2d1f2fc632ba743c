import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PatientFormInput } from '@vigil/core';
import { api } from '../../../lib/api-client';

/**
 * POST /api/pacients: the raw form values. The server parses them with the same core schema and applies
 * its submit transformation itself (consent user and date, digits-only phones, height, reminder instants),
 * so the client never sends a payload that could disagree with the rules. Answers the new patient's _id.
 */
export async function createPatient(body: PatientFormInput): Promise<{ _id: string }> {
  const answer = await api.post<{ data: { _id: string } }>('/pacients', body);
  return answer.data;
}

export function useCreatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPatient,
    // Both lists and every count may now include the new patient.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['patients'] }),
  });
}
