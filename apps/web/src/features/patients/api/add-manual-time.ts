import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrackedTime } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { refreshTrackedTime } from './track-time';

export interface AddManualTimeVariables {
  patientId: string;
  seconds: number;
}

/**
 * POST /api/pacients/{id}/track {time, kind: 'manual'}: Manually Add Time (spec patients 4). A manual
 * entry is an explicit choice, so the server does not cap it as it caps the running timer.
 */
export async function addManualTime({ patientId, seconds }: AddManualTimeVariables): Promise<TrackedTime> {
  const answer = await api.post<{ data: TrackedTime }>(`/pacients/${encodeURIComponent(patientId)}/track`, {
    time: seconds,
    kind: 'manual',
  });
  return answer.data;
}

export function useAddManualTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addManualTime,
    onSuccess: (tracked, { patientId }) => refreshTrackedTime(queryClient, patientId, tracked),
  });
}
