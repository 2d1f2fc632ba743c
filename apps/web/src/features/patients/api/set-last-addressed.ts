import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessagesView } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { refetchAfterAlertChange } from './alerts-cache';
import { messagesKey } from './get-messages';

export interface SetLastAddressedVariables {
  patientId: string;
  /** ISO instant: every patient message on or before it is addressed. */
  date: string;
}

/** POST /api/sms/set-last-addressed/{patientId} with `{ addressed: true, date }`. */
export async function setLastAddressed({
  patientId,
  date,
}: SetLastAddressedVariables): Promise<string | null> {
  const answer = await api.post<{ data: { lastAddressed: string | null } }>(
    `/sms/set-last-addressed/${encodeURIComponent(patientId)}`,
    { addressed: true, date },
  );
  return answer.data.lastAddressed;
}

/**
 * Marking messages addressed dismisses the patient's SMSUnseen alert on the server, so the details (the
 * alerts panel) and the lists (the patient's place on the priority list) are refetched too.
 */
export function useSetLastAddressed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLastAddressed,
    onSuccess: (lastAddressed, { patientId }) =>
      queryClient.setQueryData<MessagesView>(
        messagesKey(patientId),
        (view) => view && { ...view, lastAddressed: lastAddressed ?? view.lastAddressed },
      ),
    onSettled: (_answer, _error, { patientId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messagesKey(patientId) }),
        refetchAfterAlertChange(queryClient, patientId),
      ]),
  });
}
