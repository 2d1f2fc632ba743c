import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FirstReadingDate } from '@vigil/core';
import { api } from '../../../lib/api-client';

/** GET /api/reports/first-reading-date: the earliest reading the user may see, where the months start. */
export async function getFirstReadingDate(signal?: AbortSignal): Promise<FirstReadingDate> {
  const answer = await api.get<{ data: FirstReadingDate }>('/reports/first-reading-date', { signal });
  return answer.data;
}

export function firstReadingDateQueryOptions() {
  return queryOptions({
    queryKey: ['reports', 'first-reading-date'],
    queryFn: ({ signal }) => getFirstReadingDate(signal),
    staleTime: 5 * 60_000,
  });
}

export const useFirstReadingDate = () => useQuery(firstReadingDateQueryOptions());
