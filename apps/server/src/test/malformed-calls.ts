import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** One generated request of a robustness property test. */
export interface MalformedCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
}

/**
 * Sends a generated request and checks the answer DESIGN 2 promises for any input: a success when the
 * input happened to be valid, else a 4xx carrying a message; never a 5xx.
 */
export async function expectClientAnswer(
  app: FastifyInstance,
  call: MalformedCall,
  headers: Record<string, string>,
): Promise<void> {
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
}
