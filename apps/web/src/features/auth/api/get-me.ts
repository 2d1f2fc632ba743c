import { queryOptions } from '@tanstack/react-query';
import { SessionUser } from '@vigil/core';
import { api } from '../../../lib/api-client';

/** GET /api/auth/me: the signed-in user; it also counts as activity for the server's session. */
export async function getMe(signal?: AbortSignal): Promise<SessionUser> {
  const answer = await api.get<{ data: unknown }>('/auth/me', { signal });
  return SessionUser.parse(answer.data);
}

export function meQueryOptions() {
  return queryOptions({ queryKey: ['auth', 'me'], queryFn: ({ signal }) => getMe(signal), staleTime: 0 });
}
