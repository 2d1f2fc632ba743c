import { messages } from '../messages.js';
import { z } from './zod.js';

/**
 * A required text field, trimmed. It does not abort on empty: an explicit abort would also skip the
 * form-level refinements, and the forms show every error at once.
 */
export const requiredText = z.string().trim().min(1, messages.required);

/** The longest email address a mailbox can have (RFC 5321's path of 256, less its angle brackets). */
export const emailMaxLength = 254;

/** A required text that must also match a pattern; the pipe stops there, so empty shows only 'Required'. */
export const requiredMatching = (pattern: RegExp, message: string) =>
  requiredText.pipe(z.string().regex(pattern, message));

/**
 * A number sent as a number, or as the text of one (a query string's, a form field's). `z.coerce.number`
 * would also take `true` as 1, `null` or `[]` as 0 and `[5]` as 5; here those are of the wrong kind, and
 * a text that is no number stays a text, so the message says a number was expected.
 */
export const numberOrText = <T extends z.ZodType<number>>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string' || value.trim() === '') return value;
    const number = Number(value);
    return Number.isNaN(number) ? value : number;
  }, schema);
