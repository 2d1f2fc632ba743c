import { useMutation } from '@tanstack/react-query';
import type { RecoverForm } from '@vigil/core';
import { api } from '../../../lib/api-client';

export interface RecoverAnswer {
  message?: string;
}

/** POST /api/auth/recover: sends the reset link; a failure is shown as a toast. */
export function recover(body: RecoverForm): Promise<RecoverAnswer> {
  return api.post<RecoverAnswer>('/auth/recover', body);
}

export function useRecover() {
  return useMutation({ mutationFn: recover });
}
