import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HostedFormView } from '@vigil/core';
import { api } from '../../../lib/api-client';

/** GET /api/form-definitions/{formId}?patientId=: the current version of a hosted form, opened for a patient. */
export async function getHostedForm(
  formId: string,
  patientId: string,
  signal?: AbortSignal,
): Promise<HostedFormView> {
  const answer = await api.get<{ data: HostedFormView }>(
    `/form-definitions/${encodeURIComponent(formId)}?${new URLSearchParams({ patientId }).toString()}`,
    { signal },
  );
  return answer.data;
}

export function hostedFormQueryOptions(formId: string, patientId: string) {
  return queryOptions({
    queryKey: ['forms', 'definition', formId, patientId] as const,
    queryFn: ({ signal }) => getHostedForm(formId, patientId, signal),
    // Each opening is an audit event ('form opened'): the page asks once per opening, never again behind it.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

export function useHostedForm(formId: string, patientId: string) {
  return useQuery(hostedFormQueryOptions(formId, patientId));
}
