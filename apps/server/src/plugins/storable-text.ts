import { AppError, messages } from '@vigil/core';
import type { FastifyInstance } from 'fastify';

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** NUL, or half of a UTF-16 surrogate pair without the other: text PostgreSQL stores in neither text nor jsonb. */
const unstorable = (text: string) => text.includes('\u0000') || loneSurrogate.test(text);

/**
 * Nesting deeper than this is refused: no request of the API nests beyond a handful of levels, and storing a
 * body a few thousand levels deep (`JSON.stringify` recurses) exhausts the call stack, a 500.
 */
export const maxNesting = 64;

/** What in a request part cannot be stored: a text PostgreSQL refuses, or nesting beyond `maxNesting`. */
export interface Unstorable {
  /** A dotted path ('preferences.notes'), '_' for the part itself. */
  field: string;
  message: string;
}

/**
 * The first thing in a request's parsed part (its params, query or JSON body) that could not be stored: a
 * string or key PostgreSQL refuses, or an object or array nested too deeply; null when there is none. Walked
 * with a stack, so a deeply nested body cannot exhaust the call stack here either.
 */
export function findUnstorable(value: unknown): Unstorable | null {
  const stack: [unknown, string, number][] = [[value, '', 0]];
  while (stack.length > 0) {
    const [current, path, depth] = stack.pop()!;
    if (typeof current === 'string') {
      if (unstorable(current)) return { field: path || '_', message: messages.unstorableText };
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      if (depth >= maxNesting) return { field: path || '_', message: messages.nestedTooDeeply };
      for (const [key, child] of Object.entries(current)) {
        const at = path ? `${path}.${key}` : key;
        if (unstorable(key)) return { field: at, message: messages.unstorableText };
        stack.push([child, at, depth + 1]);
      }
    }
  }
  return null;
}

/**
 * Every route refuses such a part with a 400 naming the field, before its own validation: otherwise the
 * database (or the serialising on the way to it) would fail mid-request and the user would see a server
 * error.
 */
export function rejectUnstorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = findUnstorable(part);
      if (found !== null) {
        throw new AppError('VALIDATION', found.message, { [found.field]: found.message });
      }
    }
  });
}
