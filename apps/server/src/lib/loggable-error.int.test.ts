import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { loggableError } from './loggable-error.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const failureOf = (run: () => Promise<unknown>) =>
  run().then(
    () => {
      throw new Error('expected the query to fail');
    },
    (error: unknown) => error,
  );

describe('what the log keeps of an error', () => {
  it("a failed query: its SQL and the database's code, never the values or the database's message", async () => {
    const error = await failureOf(() =>
      t.app.vigil.database.db.execute(sql`select ${'Rosa Delgado'}::uuid as id`),
    );
    const logged = loggableError(error);
    expect(JSON.stringify(logged)).not.toContain('Rosa Delgado');
    expect(logged).toMatchObject({
      message: 'A database query failed',
      query: expect.stringContaining('::uuid'),
      database: expect.objectContaining({ code: '22P02' }),
    });
    expect(logged.stack).toMatch(/^\s+at /);
  });

  it('any other error keeps its message, its frames and its cause', () => {
    const logged = loggableError(new TypeError('x is undefined', { cause: new Error('deeper') }));
    expect(logged).toMatchObject({
      type: 'TypeError',
      message: 'x is undefined',
      cause: { type: 'Error', message: 'deeper' },
    });
  });
});
