import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormLinkView } from '@vigil/core';
import { api } from '../../../lib/api-client';

/** GET /api/form-links/{token} (public): the form a patient was texted, or 404 / 409 with the reason. */
export async function getFormLink(token: string, signal?: AbortSignal): Promise<FormLinkView> {
  const answer = await api.get<{ data: FormLinkView }>(`/form-links/${encodeURIComponent(token)}`, {
    signal,
  });
  return answer.data;
}

export function formLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['form-links', token] as const,
    queryFn: ({ signal }) => getFormLink(token, signal),
    staleTime: Number.POSITIVE_INFINITY,
    // The page says why a link does not open; a toast would only repeat it.
    meta: { silent: true },
  });
}

export function useFormLink(token: string) {
  return useQuery(formLinkQueryOptions(token));
}
