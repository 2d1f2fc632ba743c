import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PatientDetailsView } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { patientKey } from './get-patient';
import { patientDetailsKey } from './get-patient-details';

export interface UpdateActiveIssuesVariables {
  patientId: string;
  activeIssues: string;
  /** The patient's version the edit started from: a colleague's change since is refused (409). */
  updatedAt: string;
}

/** PATCH /api/pacients/{id} with `{ activeIssues }`: answers the saved text and the patient's version. */
export async function updateActiveIssues({
  patientId,
  activeIssues,
  updatedAt,
}: UpdateActiveIssuesVariables): Promise<{ activeIssues: string; updatedAt: string }> {
  const answer = await api.patch<{ data: { activeIssues: string; updatedAt: string } }>(
    `/pacients/${encodeURIComponent(patientId)}`,
    { activeIssues, updatedAt },
  );
  return answer.data;
}

export function useUpdateActiveIssues() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateActiveIssues,
    onSuccess: ({ activeIssues, updatedAt }, { patientId }) => {
      queryClient.setQueryData<PatientDetailsView>(
        patientDetailsKey(patientId),
        (details) => details && { ...details, activeIssues, updatedAt },
      );
      // The patient form opens on the new version.
      return queryClient.invalidateQueries({ queryKey: patientKey(patientId) });
    },
    // Changed meanwhile (409): the page shows the patient as it is now.
    onError: (_error, { patientId }) =>
      queryClient.invalidateQueries({ queryKey: patientDetailsKey(patientId) }),
  });
}
