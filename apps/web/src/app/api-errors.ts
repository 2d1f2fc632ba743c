import { messages } from '@vigil/core';
import { useCallback } from 'react';
import { ApiError } from '../lib/api-client';
import { useSession } from '../lib/session/session-context';
import { showToast } from '../lib/toast';
import type { ApiErrorMeta } from './query-client';

/**
 * The toast rules of spec administration 8, in one place:
 * - every non-OK answer shows the server's message, or 'Server error', except 404 and 401;
 * - any 401 signs out; with a token sent, it also shows the server's message or 'Unauthorized';
 * - a caller may ask for a 404 toast (login) or put its own message in place of the server's.
 */
export function useApiErrorHandler(): (error: unknown, meta?: ApiErrorMeta) => void {
  const { dispatch } = useSession();
  return useCallback(
    (error: unknown, meta?: ApiErrorMeta) => {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      if (!(error instanceof ApiError)) {
        if (!meta?.silent) showToast(meta?.errorMessage ?? messages.serverError, 'error');
        console.error(error);
        return;
      }
      if (error.status === 401) {
        if (error.withToken) showToast(error.data.message ?? messages.unauthorized, 'error');
        dispatch({ type: 'signOut' });
        return;
      }
      if (meta?.silent) return;
      if (error.status === 404) {
        if (meta?.notFoundToast) showToast(error.data.message ?? messages.serverError, 'error');
        return;
      }
      showToast(meta?.errorMessage ?? error.data.message ?? messages.serverError, 'error');
    },
    [dispatch],
  );
}
