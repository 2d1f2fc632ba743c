import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** How a query or mutation wants its failures shown (the default is spec administration 8). */
export interface ApiErrorMeta extends Record<string, unknown> {
  /** Shown instead of the server's message, e.g. 'Could not update password'. */
  errorMessage?: string;
  /** Also toast a 404 (login: 'Invalid email or password'). */
  notFoundToast?: boolean;
  /** No toast at all (a 401 still signs out). */
  silent?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ApiErrorMeta;
    mutationMeta: ApiErrorMeta;
  }
}

export type ApiErrorListener = (error: unknown, meta: ApiErrorMeta | undefined) => void;

/**
 * Every failed query and mutation goes to one listener, set by the app's error handler once the session and
 * toasts exist.
 */
export function createQueryClient(listener: { current: ApiErrorListener }): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => listener.current(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => listener.current(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        // A 4xx answer will not change on a retry; network trouble and 5xx may.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
