import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface SubmitFormLinkVariables {
  token: string;
  data: Record<string, unknown>;
}

/** POST /api/form-links/{token} (public): the patient's answers; the link is used up. */
export async function submitFormLink({
  token,
  data,
}: SubmitFormLinkVariables): Promise<{ submissionId: string }> {
  const answer = await api.post<{ data: { submissionId: string } }>(
    `/form-links/${encodeURIComponent(token)}`,
    {
      data,
    },
  );
  return answer.data;
}

export function useSubmitFormLink() {
  return useMutation({ mutationFn: submitFormLink, meta: { silent: true } });
}
