import { AppError } from '@vigil/core';
import type { z } from 'zod';

/**
 * A refused body: 400 with every field's message, keyed by the field's path ('phones.0.number'), and as its
 * message `message` (the patient form's banner) or else the first field's.
 */
export function invalidBody(error: z.ZodError, message?: string): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return new AppError('VALIDATION', message ?? Object.values(fields)[0] ?? 'Invalid input', fields);
}
