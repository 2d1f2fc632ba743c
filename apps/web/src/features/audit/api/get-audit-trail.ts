import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditTrailQuery, AuditTrailResponse } from '@vigil/core';
import { api } from '../../../lib/api-client';

/**
 * GET /api/auditTrailLogs/{patientId}?fromDate&endDate (spec patients 7, decision 0012): the patient's events
 * and tracked time over a range of Pacific days, both ends included. The answer is not wrapped in `data`.
 */
export async function getAuditTrail(
  patientId: string,
  range: AuditTrailQuery,
  signal?: AbortSignal,
): Promise<AuditTrailResponse> {
  const query = new URLSearchParams({ fromDate: range.fromDate, endDate: range.endDate });
  return api.get<AuditTrailResponse>(`/auditTrailLogs/${encodeURIComponent(patientId)}?${query}`, { signal });
}

/** The detail page's timer invalidates `['audit-trail', patientId]` after a save, by this shape. */
export const auditTrailKey = (patientId: string, range: AuditTrailQuery) =>
  ['audit-trail', patientId, range.fromDate, range.endDate] as const;

export function auditTrailQueryOptions(patientId: string, range: AuditTrailQuery) {
  return queryOptions({
    queryKey: auditTrailKey(patientId, range),
    queryFn: ({ signal }) => getAuditTrail(patientId, range, signal),
    // The screen shows its failures itself: a bad range by the date fields, anything else in its place.
    meta: { silent: true },
  });
}

export function useAuditTrail(patientId: string, range: AuditTrailQuery) {
  return useQuery(auditTrailQueryOptions(patientId, range));
}
