import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the messages of a 400/409 answer's `fields` under the form's own fields (e.g. a taken email), so the
 * user sees where to correct; the toast still tells what happened. Fields the form does not have are skipped.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly Path<T>[],
): void {
  if (!(error instanceof ApiError) || !error.data.fields) return;
  for (const [field, message] of Object.entries(error.data.fields)) {
    if ((formFields as readonly string[]).includes(field))
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: true });
  }
}
