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
 * Every schema's message where it names none (decision 0019): 'Required' for a field that is missing or
 * empty; its limit for a text too long. A value of the wrong kind (a number for a text, an option not
 * offered) gets Zod's own message, which says what was expected: only an API client can send one, and
 * 'Required' would tell it nothing. Set once, here: every module of the core takes `z` from this one, so
 * the setting holds wherever a schema is used, on the server and in the web app alike.
 */
z.config({
  customError: (issue) => {
    if (isEmpty(issue.input)) return messages.required;
    if (issue.code === 'too_big' && issue.origin === 'string') return messages.tooLong(Number(issue.maximum));
    return undefined;
  },
});

export { z };
