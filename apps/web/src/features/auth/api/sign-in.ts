import { useMutation } from '@tanstack/react-query';
import { type LoginRequest, LoginResponse } from '@vigil/core';
import { api } from '../../../lib/api-client';

/** POST /api/auth: the first step answers pendingVerificationCode, the last a token and the user. */
export async function signIn(body: LoginRequest): Promise<LoginResponse> {
  return LoginResponse.parse(await api.post<unknown>('/auth', body));
}

export function useSignIn() {
  // Login 404 ('Invalid email or password') is the one 404 shown as a toast (spec administration 8).
  return useMutation({ mutationFn: signIn, meta: { notFoundToast: true } });
}
