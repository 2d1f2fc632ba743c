import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadingView } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { detailFreshness } from './get-patient-details';

export interface ReadingsRange {
  /** ISO instants; the server answers the readings in [start, end). */
  start: string;
  end: string;
}

/** GET /api/pacients/{id}/readings?start=&end=: the range's readings, oldest first, removed ones left out. */
export async function getReadings(
  patientId: string,
  range: ReadingsRange,
  signal?: AbortSignal,
): Promise<ReadingView[]> {
  const query = new URLSearchParams({ start: range.start, end: range.end });
  const answer = await api.get<{ data: { readings: ReadingView[] } }>(
    `/pacients/${encodeURIComponent(patientId)}/readings?${query.toString()}`,
    { signal },
  );
  return answer.data.readings;
}

/** Every range of one patient's readings starts with this key, so a change refetches them all. */
export const readingsKey = (patientId: string) => ['readings', patientId] as const;

export function readingsQueryOptions(patientId: string, range: ReadingsRange) {
  return queryOptions({
    queryKey: [...readingsKey(patientId), range.start, range.end],
    queryFn: ({ signal }) => getReadings(patientId, range, signal),
    // Switching presets keeps the last range on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

/** A range's readings on the detail page, which keeps them fresh while it is open. */
export function useReadings(patientId: string, range: ReadingsRange) {
  return useQuery({ ...readingsQueryOptions(patientId, range), ...detailFreshness });
}
