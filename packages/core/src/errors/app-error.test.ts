import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';

describe('AppError', () => {
  it('carries its code, status, fields and retry delay', () => {
    const error = new AppError('VALIDATION', 'Invalid input', { email: 'Required' });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'AppError',
      code: 'VALIDATION',
      message: 'Invalid input',
      fields: { email: 'Required' },
    });
    expect(error.status).toBe(400);
    expect(new AppError('ACCOUNT_LOCKED', 'Locked', undefined, 900)).toMatchObject({
      status: 423,
      retryAfter: 900,
    });
    expect(new AppError('NOT_FOUND', 'Not found').status).toBe(404);
  });
});
