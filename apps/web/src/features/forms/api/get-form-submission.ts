import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormSubmissionDetailView } from '@vigil/core';
import { api } from '../../../lib/api-client';

/** GET /api/forms/{patientId}/submissions/{submissionId}: the answers and the definition they were given on. */
export async function getFormSubmission(
  patientId: string,
  submissionId: string,
  signal?: AbortSignal,
): Promise<FormSubmissionDetailView> {
  const answer = await api.get<{ data: FormSubmissionDetailView }>(
    `/forms/${encodeURIComponent(patientId)}/submissions/${encodeURIComponent(submissionId)}`,
    { signal },
  );
  return answer.data;
}

export function formSubmissionQueryOptions(patientId: string, submissionId: string) {
  return queryOptions({
    queryKey: ['forms', 'submission', patientId, submissionId] as const,
    queryFn: ({ signal }) => getFormSubmission(patientId, submissionId, signal),
    // A submission never changes once stored.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useFormSubmission(patientId: string, submissionId: string) {
  return useQuery(formSubmissionQueryOptions(patientId, submissionId));
}
