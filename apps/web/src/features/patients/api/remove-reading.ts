import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReadingView } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { patientDetailsKey } from './get-patient-details';
import { readingsKey } from './get-readings';

export interface RemoveReadingInput {
  patientId: string;
  readingId: string;
}

/** DELETE /api/readings/{id}: the reading is marked removed and stops counting anywhere. */
export async function removeReading({ readingId }: RemoveReadingInput): Promise<ReadingView> {
  const answer = await api.delete<{ data: { reading: ReadingView } }>(
    `/readings/${encodeURIComponent(readingId)}`,
  );
  return answer.data.reading;
}

export function useRemoveReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeReading,
    onSuccess: (_reading, { patientId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: readingsKey(patientId) }),
        queryClient.invalidateQueries({ queryKey: patientDetailsKey(patientId) }),
        queryClient.invalidateQueries({ queryKey: ['patients'] }),
      ]),
  });
}
