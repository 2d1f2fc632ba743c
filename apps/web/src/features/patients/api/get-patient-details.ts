import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PatientDetailsView } from '@vigil/core';
import { api } from '../../../lib/api-client';

/** GET /api/pacients/{id}/details: what the detail page's first paint needs (decision 0010). */
export async function getPatientDetails(id: string, signal?: AbortSignal): Promise<PatientDetailsView> {
  const answer = await api.get<{ data: PatientDetailsView }>(`/pacients/${encodeURIComponent(id)}/details`, {
    signal,
  });
  return answer.data;
}

export const patientDetailsKey = (id: string) => ['patients', 'details', id] as const;

/**
 * How a detail page left open keeps up with readings, alerts and colleagues' edits that arrive: asked again
 * every minute while the tab is shown, and whenever the tab comes back into view. Each asking is a 'Viewed
 * patient' event, as the lists' are: someone is looking at the page. An open Active Issues edit shows a
 * colleague's text that arrives this way above its draft. The page's charts follow the same rhythm.
 */
export const detailFreshness = {
  refetchOnWindowFocus: 'always',
  refetchInterval: 60_000,
} as const;

export function patientDetailsQueryOptions(id: string) {
  return queryOptions({
    queryKey: patientDetailsKey(id),
    queryFn: ({ signal }) => getPatientDetails(id, signal),
  });
}

/** The details; `live` on the detail page itself, which keeps them fresh while it is open. */
export function usePatientDetails(id: string, { live = false } = {}) {
  return useQuery({ ...patientDetailsQueryOptions(id), ...(live ? detailFreshness : {}) });
}
