import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PatientDetailsView } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { patientDetailsKey } from './get-patient-details';

export interface UpdateActiveIssuesVariables {
  patientId: string;
  activeIssues: string;
}

/** PATCH /api/pacients/{id} with `{ activeIssues }`: answers the saved text. */
export async function updateActiveIssues({
  patientId,
  activeIssues,
}: UpdateActiveIssuesVariables): Promise<{ activeIssues: string }> {
  const answer = await api.patch<{ data: { activeIssues: string } }>(
    `/pacients/${encodeURIComponent(patientId)}`,
    { activeIssues },
  );
  return answer.data;
}

export function useUpdateActiveIssues() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateActiveIssues,
    onSuccess: ({ activeIssues }, { patientId }) =>
      queryClient.setQueryData<PatientDetailsView>(
        patientDetailsKey(patientId),
        (details) => details && { ...details, activeIssues },
      ),
  });
}
