import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, sessions } from '../db/schema/index.js';
import { createTestApp, signIn, type TestApp } from '../test/test-app.js';
import { purgeExpiredAuth } from './purge-auth.job.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: true });
});
afterAll(() => t.close());

const day = 86_400_000;

describe('the nightly purge of sessions and tokens', () => {
  it('removes what has been dead for 30 days and keeps the rest', async () => {
    const db = t.app.vigil.database.db;
    await signIn(t.app, 'staff@sunrise.demo');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      payload: { email: 'staff@sunrise.demo' },
    });
    t.clock.advance(31 * day);
    const live = await signIn(t.app, 'physician@sunrise.demo');

    expect(await purgeExpiredAuth({ db, clock: t.clock })).toEqual({ sessions: 1, tokens: 1 });
    expect(await db.select().from(sessions)).toHaveLength(1);
    expect(await db.select().from(authTokens)).toHaveLength(0);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${live}` },
    });
    expect(me.statusCode).toBe(200);
  });
});
