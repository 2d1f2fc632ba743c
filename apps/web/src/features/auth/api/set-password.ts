import { useMutation } from '@tanstack/react-query';
import type { SetPasswordRequest } from '@vigil/core';
import { api } from '../../../lib/api-client';

/** POST /api/auth/set-password with the single-use token of the emailed link. */
export function setPassword(body: SetPasswordRequest): Promise<{ message?: string }> {
  return api.post<{ message?: string }>('/auth/set-password', body);
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
