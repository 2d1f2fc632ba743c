import { AppError, messages } from '@vigil/core';
import type { FastifyInstance } from 'fastify';

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** NUL, or half of a UTF-16 surrogate pair without the other: text PostgreSQL stores in neither text nor jsonb. */
const unstorable = (text: string) => text.includes('\u0000') || loneSurrogate.test(text);

/**
 * Where in a request's parsed part (its params, query or JSON body) the first string or key that PostgreSQL
 * could not store is: a dotted path ('preferences.notes'), '_' for the part itself, or null when there is
 * none. Walked with a stack, so a deeply nested body cannot exhaust the call stack.
 */
export function findUnstorableText(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (unstorable(current)) return path || '_';
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      for (const [key, child] of Object.entries(current)) {
        const at = path ? `${path}.${key}` : key;
        if (unstorable(key)) return at;
        stack.push([child, at]);
      }
    }
  }
  return null;
}

/**
 * Every route refuses such text with a 400 naming the field, before its own validation: otherwise the
 * database would refuse it mid-request and the user would see a server error.
 */
export function rejectUnstorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findUnstorableText(part);
      if (field !== null) {
        throw new AppError('VALIDATION', messages.unstorableText, { [field]: messages.unstorableText });
      }
    }
  });
}
