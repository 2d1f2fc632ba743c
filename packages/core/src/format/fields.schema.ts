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
