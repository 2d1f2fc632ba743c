import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallLogView } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { patientDetailsKey } from './get-patient-details';

export type CallKind = 'attempted' | 'completed';

export interface LogCallVariables {
  patientId: string;
  kind: CallKind;
}

/** POST /api/pacients/{id}/log-attempted-call or log-completed-call: answers the header's two dates. */
export async function logCall({ patientId, kind }: LogCallVariables): Promise<CallLogView> {
  const answer = await api.post<{ data: CallLogView }>(
    `/pacients/${encodeURIComponent(patientId)}/log-${kind}-call`,
  );
  return answer.data;
}

/** Spec patients 4 (Call logging): afterwards the patient is refetched; the lists show the calls too. */
export function useLogCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logCall,
    onSettled: (_answer, _error, { patientId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: patientDetailsKey(patientId) }),
        queryClient.invalidateQueries({
          queryKey: ['patients'],
          predicate: (query) => query.queryKey[1] !== 'details' && query.queryKey[1] !== 'detail',
        }),
      ]),
  });
}
