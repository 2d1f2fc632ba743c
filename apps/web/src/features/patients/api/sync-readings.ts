import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeviceBrand } from '@vigil/core';
import { api } from '../../../lib/api-client';

export interface SyncReadingsAnswer {
  message: string;
  /** How many readings the pull stored that were not there before. */
  newReadings: number;
  /** How many readings the vendors sent that could not be stored (out of range, in the future, unreadable). */
  refused: number;
  /** The brands whose vendor could not be reached: the others were synced. */
  unreachable: DeviceBrand[];
}

/**
 * GET /api/pacients/{id}/sync: pulls the last 30 days from the vendors that can be pulled for the patient's
 * active devices (decision 0009). A GET that writes, as the spec has it; here it is a mutation.
 */
export async function syncReadings(patientId: string): Promise<SyncReadingsAnswer> {
  return api.get<SyncReadingsAnswer>(`/pacients/${encodeURIComponent(patientId)}/sync`);
}

export function useSyncReadings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncReadings,
    // The devices' last seen moves with new readings; the readings views refetch what they show; a pulled
    // reading may open an alert on the page and moves the lists' figures, as a manual one does.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['devices'] }),
        queryClient.invalidateQueries({ queryKey: ['readings'] }),
        queryClient.invalidateQueries({ queryKey: ['patients'] }),
      ]),
  });
}
