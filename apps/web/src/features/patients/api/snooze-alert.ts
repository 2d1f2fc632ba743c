import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertView } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { changeAlertsNow, refetchAfterAlertChange, restoreAlerts } from './alerts-cache';

export interface SnoozeAlertVariables {
  patientId: string;
  alertId: string;
  snoozeUntil: Date;
}

/** POST /api/alerts/{id}/snooze: `snoozeUntil` in the future. */
export async function snoozeAlert({ alertId, snoozeUntil }: SnoozeAlertVariables): Promise<AlertView> {
  const answer = await api.post<{ data: { alert: AlertView } }>(
    `/alerts/${encodeURIComponent(alertId)}/snooze`,
    { snoozeUntil: snoozeUntil.toISOString() },
  );
  return answer.data.alert;
}

export function useSnoozeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: snoozeAlert,
    onMutate: ({ patientId, alertId, snoozeUntil }) =>
      changeAlertsNow(queryClient, patientId, (alerts) =>
        alerts.map((a) => (a._id === alertId ? { ...a, snoozedUntil: snoozeUntil.toISOString() } : a)),
      ),
    onError: (_error, { patientId }, context) => restoreAlerts(queryClient, patientId, context),
    onSettled: (_alert, _error, { patientId }) => refetchAfterAlertChange(queryClient, patientId),
  });
}
