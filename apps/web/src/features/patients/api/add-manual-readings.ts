import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManualReading, ReadingView } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { patientDetailsKey } from './get-patient-details';
import { readingsKey } from './get-readings';

export interface AddManualReadingsInput {
  patientId: string;
  /** The manual reading form's output: one reading per group entered (BP, heart rate, weight). */
  readings: ManualReading[];
}

/** POST /api/pacients/{id}/bp-readings: stored as MANUAL readings, so alerts and metrics follow. */
export async function addManualReadings({
  patientId,
  readings,
}: AddManualReadingsInput): Promise<ReadingView[]> {
  const answer = await api.post<{ data: { readings: ReadingView[] } }>(
    `/pacients/${encodeURIComponent(patientId)}/bp-readings`,
    { readings: readings.map((r) => ({ ...r, date: r.date.toISOString() })) },
  );
  return answer.data.readings;
}

export function useAddManualReadings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addManualReadings,
    // A reading may open an alert on the page, and it moves the lists' figures.
    onSuccess: (_readings, { patientId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: readingsKey(patientId) }),
        queryClient.invalidateQueries({ queryKey: patientDetailsKey(patientId) }),
        queryClient.invalidateQueries({ queryKey: ['patients'] }),
      ]),
  });
}
