import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/users/autoPasswordGeneration (admins): a password that meets the temporary password rule. */
export async function generatePassword(signal?: AbortSignal): Promise<string> {
  const answer = await api.get<{ password: string }>('/users/autoPasswordGeneration', { signal });
  return answer.password;
}

export function generatedPasswordQueryOptions() {
  return queryOptions({
    queryKey: ['users', 'generated-password'],
    queryFn: ({ signal }) => generatePassword(signal),
    // A fresh password each time the choice is made, never one from the cache.
    staleTime: 0,
    gcTime: 0,
    retry: false,
    // The spec: a failure is only logged; the dialog offers the manual choice instead.
    meta: { silent: true },
  });
}

export function useGeneratedPassword(enabled: boolean) {
  return useQuery({ ...generatedPasswordQueryOptions(), enabled });
}
