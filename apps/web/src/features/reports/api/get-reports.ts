import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ReportView, reportPollMs } from '@vigil/core';
import { api } from '../../../lib/api-client';

/** GET /api/reports?userId=: the user's own monitoring reports, newest first (decision 0013). */
export async function getReports(userId: string, signal?: AbortSignal): Promise<ReportView[]> {
  const answer = await api.get<{ data: ReportView[] }>(`/reports?${new URLSearchParams({ userId })}`, {
    signal,
  });
  return answer.data;
}

export function reportsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['reports', 'list', userId],
    queryFn: ({ signal }) => getReports(userId, signal),
    // Spec administration 4: the list refreshes every 10 seconds, while it is on screen.
    refetchInterval: reportPollMs,
    staleTime: 0,
  });
}

export const useReports = (userId: string) => useQuery(reportsQueryOptions(userId));
