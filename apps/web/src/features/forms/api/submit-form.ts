import { useMutation } from '@tanstack/react-query';
import type { FormSubmissionRequest, FormSubmissionView } from '@vigil/core';
import { api } from '../../../lib/api-client';

export interface SubmitFormVariables extends FormSubmissionRequest {
  patientId: string;
}

/** POST /api/forms/{patientId}/submissions: a hosted form filled by staff; the server checks it against its version. */
export async function submitForm({ patientId, ...body }: SubmitFormVariables): Promise<FormSubmissionView> {
  const answer = await api.post<{ data: { submission: FormSubmissionView } }>(
    `/forms/${encodeURIComponent(patientId)}/submissions`,
    body,
  );
  return answer.data.submission;
}

export function useSubmitForm() {
  // The page shows a rejected answer's messages beside the questions, not in a toast.
  return useMutation({ mutationFn: submitForm, meta: { silent: true } });
}
