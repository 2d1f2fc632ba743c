import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { patientKey } from './get-patient';

export interface AddManualTimeVariables {
  patientId: string;
  seconds: number;
}

/**
 * POST /api/pacients/{id}/track {time, kind: 'manual'}: Manually Add Time (spec patients 4). A manual
 * entry is an explicit choice, so the server does not cap it as it caps the running timer.
 */
export async function addManualTime({ patientId, seconds }: AddManualTimeVariables): Promise<void> {
  await api.post(`/pacients/${encodeURIComponent(patientId)}/track`, { time: seconds, kind: 'manual' });
}

export function useAddManualTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addManualTime,
    // The widget shows the month's total as the server counts it.
    onSuccess: (_data, { patientId }) => queryClient.invalidateQueries({ queryKey: patientKey(patientId) }),
  });
}
