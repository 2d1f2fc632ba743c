import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { FormSubmissionsView } from '@vigil/core';
import { api } from '../../../lib/api-client';

/** The 'Form Submissions' tab reads ten at a time; 'More' adds the next ten. */
export const formSubmissionsPageSize = 10;

/** GET /api/forms/{patientId}?page=&pageSize=: one page of the patient's submissions, newest first, and the count. */
export async function getFormSubmissions(
  patientId: string,
  page: number,
  signal?: AbortSignal,
): Promise<FormSubmissionsView> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(formSubmissionsPageSize) });
  const answer = await api.get<{ data: FormSubmissionsView }>(
    `/forms/${encodeURIComponent(patientId)}?${query.toString()}`,
    { signal },
  );
  return answer.data;
}

export const formSubmissionsKey = (patientId: string) => ['forms', 'submissions', patientId] as const;

export function formSubmissionsQueryOptions(patientId: string) {
  return infiniteQueryOptions({
    queryKey: formSubmissionsKey(patientId),
    queryFn: ({ pageParam, signal }) => getFormSubmissions(patientId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.submissions.length, 0);
      return loaded < last.count && last.submissions.length > 0 ? pages.length + 1 : undefined;
    },
  });
}

export function useFormSubmissions(patientId: string) {
  return useInfiniteQuery(formSubmissionsQueryOptions(patientId));
}
