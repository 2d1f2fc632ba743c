import { AppError, messages } from '@vigil/core';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { VendorUnavailableError } from '../integrations/vendors/vendor-error.js';
import { registerErrorHandler } from './error-handler.js';

/** A server whose routes throw the given errors, with its log lines kept. */
async function serverThrowing(errors: Record<string, Error>) {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  });
  registerErrorHandler(app);
  for (const [path, error] of Object.entries(errors)) {
    app.get(`/${path}`, async () => {
      throw error;
    });
  }
  await app.ready();
  return { app, errorLines: () => lines.filter((l) => l.level === 50) };
}

describe('the error handler', () => {
  it('logs an upstream failure with what it carries, and answers only the product message', async () => {
    const twilio = new Error('Authenticate (20003)');
    const { app, errorLines } = await serverThrowing({
      vendor: new VendorUnavailableError('Withings', 'HTTP 503', 503),
      number: Object.assign(new AppError('UPSTREAM_FAILED', 'No number.'), { cause: twilio }),
    });
    const vendor = await app.inject('/vendor');
    expect(vendor.statusCode).toBe(502);
    expect(vendor.json()).toEqual({ message: expect.any(String), code: 'UPSTREAM_FAILED' });
    expect(vendor.body).not.toContain('HTTP 503');
    const number = await app.inject('/number');
    expect(number.json()).toEqual({ message: 'No number.', code: 'UPSTREAM_FAILED' });
    const [vendorLine, numberLine] = errorLines().map((l) => l.err as Record<string, unknown>);
    expect(vendorLine).toMatchObject({ vendor: 'Withings', detail: 'HTTP 503', vendorStatus: 503 });
    expect(numberLine?.message).toBe('No number.: Authenticate (20003)');
    await app.close();
  });

  it('does not log what the client got wrong', async () => {
    const { app, errorLines } = await serverThrowing({
      invalid: new AppError('VALIDATION', messages.required, { email: messages.required }),
      missing: new AppError('NOT_FOUND', 'Not found'),
    });
    expect((await app.inject('/invalid')).statusCode).toBe(400);
    expect((await app.inject('/missing')).statusCode).toBe(404);
    expect(errorLines()).toEqual([]);
    await app.close();
  });
});
