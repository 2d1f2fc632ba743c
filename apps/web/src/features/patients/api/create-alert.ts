import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AlertView, alertTypeCategory, type CreateAlertForm } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { changeAlertsNow, refetchAfterAlertChange, restoreAlerts } from './alerts-cache';

export interface CreateAlertVariables {
  patientId: string;
  alertData: CreateAlertForm;
}

/** POST /api/alerts: a staff alert (category Manual), snoozed until the chosen date. */
export async function createAlert({ patientId, alertData }: CreateAlertVariables): Promise<AlertView> {
  const answer = await api.post<{ data: { alert: AlertView } }>('/alerts', {
    patientId,
    alertData: { ...alertData, snoozedUntilDate: alertData.snoozedUntilDate.toISOString() },
  });
  return answer.data.alert;
}

export function useCreateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAlert,
    onMutate: ({ patientId, alertData }) =>
      changeAlertsNow(queryClient, patientId, (alerts) => [
        ...alerts,
        {
          // Replaced by the server's alert on the refetch.
          _id: `pending-${Date.now()}`,
          category: alertTypeCategory[alertData.alertType],
          type: alertData.alertType,
          readingDate: null,
          snoozedUntil: alertData.snoozedUntilDate.toISOString(),
          customDescription: alertData.customDescription ?? null,
          createdAt: new Date().toISOString(),
        },
      ]),
    onError: (_error, { patientId }, context) => restoreAlerts(queryClient, patientId, context),
    onSettled: (_alert, _error, { patientId }) => refetchAfterAlertChange(queryClient, patientId),
  });
}
