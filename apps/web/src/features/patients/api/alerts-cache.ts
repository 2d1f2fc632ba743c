import type { QueryClient } from '@tanstack/react-query';
import type { AlertView, PatientDetailsView } from '@vigil/core';
import { patientDetailsKey } from './get-patient-details';

/**
 * Spec patients 4 (Alerts): every alert action updates the screen at once, then refetches. These helpers
 * change the cached details before the call, put them back if it fails, and refetch either way (the lists
 * too: an alert moves the patient on the priority list).
 */
export async function changeAlertsNow(
  queryClient: QueryClient,
  patientId: string,
  change: (alerts: AlertView[]) => AlertView[],
): Promise<{ previous: PatientDetailsView | undefined }> {
  const key = patientDetailsKey(patientId);
  await queryClient.cancelQueries({ queryKey: key });
  const previous = queryClient.getQueryData<PatientDetailsView>(key);
  queryClient.setQueryData<PatientDetailsView>(
    key,
    (details) => details && { ...details, alerts: change(details.alerts) },
  );
  return { previous };
}

export function restoreAlerts(
  queryClient: QueryClient,
  patientId: string,
  context: { previous: PatientDetailsView | undefined } | undefined,
): void {
  if (context?.previous) queryClient.setQueryData(patientDetailsKey(patientId), context.previous);
}

export function refetchAfterAlertChange(queryClient: QueryClient, patientId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: patientDetailsKey(patientId) }),
    queryClient.invalidateQueries({
      queryKey: ['patients'],
      predicate: (query) => query.queryKey[1] !== 'details' && query.queryKey[1] !== 'detail',
    }),
  ]);
}
