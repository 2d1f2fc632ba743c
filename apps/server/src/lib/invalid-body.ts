import { AppError } from '@vigil/core';
import type { z } from 'zod';

/** A refused body: 400 with every field's message (the first one as the message). */
export function invalidBody(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return new AppError('VALIDATION', Object.values(fields)[0] ?? 'Invalid input', fields);
}
