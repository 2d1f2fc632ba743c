import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** One generated request of a robustness property test. */
export interface MalformedCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
}

/**
 * Sends a generated request and checks the answer DESIGN 2 promises for any input: a success when the
 * input happened to be valid, else a 4xx carrying a message; never a 5xx. Answers the status.
 */
export async function expectClientAnswer(
  app: FastifyInstance,
  call: MalformedCall,
  headers: Record<string, string>,
): Promise<number> {
  const res = await app.inject({
    method: call.method,
    url: call.url,
    ...(call.body === undefined ? {} : { payload: JSON.stringify(call.body) }),
    headers: { ...headers, ...(call.body === undefined ? {} : { 'content-type': 'application/json' }) },
  });
  const ok = res.statusCode >= 200 && res.statusCode < 300;
  expect(
    ok || (res.statusCode >= 400 && res.statusCode < 500),
    `${call.method} ${call.url} ${res.body}`,
  ).toBe(true);
  if (!ok) expect(typeof res.json().message, res.body).toBe('string');
  return res.statusCode;
}

/** Any JSON-ish value a field of a generated body may hold: strings (some unstorable), booleans, numbers, null, nested JSON. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 30 }),
  // Text PostgreSQL cannot store: a NUL, half a surrogate pair.
  fc.constantFrom('a\u0000b', 'x\ud800'),
  fc.boolean(),
  fc.integer(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
);

/**
 * An id for a generated URL: one of the known ids (read when a value is generated, so ids created in
 * `beforeAll` count), a random UUID, or a random URL-encoded string.
 */
export function idArbitrary(known: () => readonly string[], maxLength = 40): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constant(known).chain((ids) => fc.constantFrom(...ids())),
    fc.uuid(),
    fc.string({ maxLength }).map(encodeURIComponent),
  );
}
