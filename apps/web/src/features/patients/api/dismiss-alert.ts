import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertView } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { changeAlertsNow, refetchAfterAlertChange, restoreAlerts } from './alerts-cache';
import { staffNotesKey } from './get-staff-notes';

export interface DismissAlertVariables {
  patientId: string;
  alertId: string;
  /** Saved as a staff note in the same change. */
  note?: string;
}

/** POST /api/alerts/{id}/dismiss with `{ note }`: clears the alert and keeps the note. */
export async function dismissAlert({ alertId, note }: DismissAlertVariables): Promise<AlertView> {
  const answer = await api.post<{ data: { alert: AlertView } }>(
    `/alerts/${encodeURIComponent(alertId)}/dismiss`,
    note ? { note } : {},
  );
  return answer.data.alert;
}

export function useDismissAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissAlert,
    onMutate: ({ patientId, alertId }) =>
      changeAlertsNow(queryClient, patientId, (alerts) => alerts.filter((a) => a._id !== alertId)),
    onError: (_error, { patientId }, context) => restoreAlerts(queryClient, patientId, context),
    onSettled: (_alert, _error, { patientId }) =>
      Promise.all([
        refetchAfterAlertChange(queryClient, patientId),
        queryClient.invalidateQueries({ queryKey: staffNotesKey(patientId) }),
      ]),
  });
}
