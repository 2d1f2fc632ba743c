import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MessagesView } from '@vigil/core';
import { api } from '../../../lib/api-client';

/** GET /api/sms/{patientId}: the patient's conversation, oldest first, with lastAddressed (decision 0011). */
export async function getMessages(patientId: string, signal?: AbortSignal): Promise<MessagesView> {
  const answer = await api.get<{ data: MessagesView }>(`/sms/${encodeURIComponent(patientId)}`, { signal });
  return answer.data;
}

export const messagesKey = (patientId: string) => ['messages', patientId] as const;

/** How often an open conversation asks for new texts, so a patient's reply appears without a reload. */
export const messagesRefetchMs = 30_000;

/**
 * Spec patients 7: not cached. Always stale, refetched when the window regains focus and every 30 s while
 * the panel is on screen.
 */
export function messagesQueryOptions(patientId: string) {
  return queryOptions({
    queryKey: messagesKey(patientId),
    queryFn: ({ signal }) => getMessages(patientId, signal),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: messagesRefetchMs,
  });
}

export function useMessages(patientId: string) {
  return useQuery(messagesQueryOptions(patientId));
}
