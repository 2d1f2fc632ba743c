import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { bulkTimeNotes, PatientFilters } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { filterParams } from '../list-state';
import { priorityListKey } from './get-priority-list';

export interface BulkTimeTrackInput {
  filters: PatientFilters;
  search: string;
  seconds: number;
  text: (typeof bulkTimeNotes)[number];
}

export interface BulkTimeTrackResult {
  numAlreadyTracked: number;
  numTracked: number;
}

/**
 * POST /api/pacients/bulkTimeTrack/?{filters}: the seconds for every patient of the filtered result (all
 * pages). Patients who already have bulk time today are skipped and counted in `numAlreadyTracked`.
 */
export async function bulkTimeTrack(input: BulkTimeTrackInput): Promise<BulkTimeTrackResult> {
  const query = filterParams(input.filters, input.search);
  const answer = await api.post<{ data: BulkTimeTrackResult }>(
    `/pacients/bulkTimeTrack/?${query.toString()}`,
    {
      time: input.seconds,
      isbulktimetracking: true,
      text: input.text,
    },
  );
  return answer.data;
}

export function useBulkTimeTrack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkTimeTrack,
    // A failed bulk time request is only logged (spec patients 7).
    meta: { silent: true },
    onError: (error) => console.error('bulk time failed', error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priorityListKey }),
  });
}
