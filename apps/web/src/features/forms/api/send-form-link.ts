import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface SendFormLinkVariables {
  patientId: string;
  formId: string;
}

/** POST /api/forms/{patientId}/links: texts the patient a single-use link to the form; answers when it expires. */
export async function sendFormLink({
  patientId,
  formId,
}: SendFormLinkVariables): Promise<{ expiresAt: string }> {
  const answer = await api.post<{ data: { expiresAt: string } }>(
    `/forms/${encodeURIComponent(patientId)}/links`,
    { formId },
  );
  return answer.data;
}

export function useSendFormLink() {
  return useMutation({ mutationFn: sendFormLink });
}
