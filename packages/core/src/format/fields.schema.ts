import { z } from 'zod';
import { messages } from '../messages.js';

/** What a form holds for a field left empty: nothing, an empty text, or an empty number or date input. */
const isEmpty = (input: unknown) =>
  input === undefined ||
  input === null ||
  input === '' ||
  (typeof input === 'number' && Number.isNaN(input)) ||
  (input instanceof Date && Number.isNaN(input.getTime()));

/**
 * The message of a required field that is missing or empty: 'Required'; of a text too long, its limit. A
 * value of the wrong kind (a number for a text, an option not offered) gets Zod's own message, which says
 * what was expected: only an API client can send one, and 'Required' would tell it nothing.
 */
export const requiredError: z.core.$ZodErrorMap = (issue) => {
  if (isEmpty(issue.input)) return messages.required;
  if (issue.code === 'too_big' && issue.origin === 'string') return messages.tooLong(Number(issue.maximum));
  return undefined;
};

/**
 * A required text field, trimmed. It does not abort on empty: an explicit abort would also skip the
 * form-level refinements, and the forms show every error at once.
 */
export const requiredText = z.string({ error: requiredError }).trim().min(1, messages.required);

/** A required text that must also match a pattern; the pipe stops there, so empty shows only 'Required'. */
export const requiredMatching = (pattern: RegExp, message: string) =>
  requiredText.pipe(z.string().regex(pattern, message));
