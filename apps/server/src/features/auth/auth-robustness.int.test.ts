import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../../db/seed/demo.js';
import { whileRefusing } from '../../test/refuse-writes.js';
import { asUser, createTestApp, outboxFor, signIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t.app, 'staff@sunrise.demo');
});
afterAll(() => t.close());

const routes = [
  { method: 'POST', url: '/api/auth' },
  { method: 'POST', url: '/api/auth/recover' },
  { method: 'POST', url: '/api/auth/set-password' },
  { method: 'POST', url: '/api/auth/change-password' },
] as const;

const json = fc.jsonValue({ maxDepth: 3 });
const body = fc.oneof(
  json.map((v) => JSON.stringify(v)),
  fc
    .record(
      {
        email: fc.oneof(fc.string(), fc.emailAddress(), json),
        password: fc.oneof(fc.string({ maxLength: 300 }), json),
        verificationCode: fc.oneof(fc.string(), json),
        token: fc.oneof(fc.string(), json),
        id: fc.oneof(fc.uuid(), fc.string(), json),
        currentPassword: fc.oneof(fc.string(), json),
        newPassword: fc.oneof(fc.string(), json),
      },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
);

describe('auth routes under malformed input', () => {
  it('answer every malformed body with a 4xx, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, fc.boolean(), async (route, payload, withToken) => {
        const res = await t.app.inject({
          method: route.method,
          url: route.url,
          payload,
          headers: {
            'content-type': 'application/json',
            ...(withToken ? { authorization: `Bearer ${token}` } : {}),
          },
        });
        // A random body can be a valid sign-in that merely fails; success is fine, a server error is not.
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode >= 400) expect(typeof res.json().message).toBe('string');
      }),
      { numRuns: 150 },
    );
  });

  it('answers a wrong content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: 'email=a@b.c',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(415);
  });

  it('answers a multipart body with 415 where the route reads JSON or a form, a vendor webhook included', async () => {
    const form = '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n';
    for (const url of ['/api/auth', '/api/webhooks/bodytrace', '/api/webhooks/withings']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: form,
        headers: {
          'content-type': 'multipart/form-data; boundary=b',
          authorization: `Basic ${Buffer.from('bodytrace-demo:bodytrace-demo-secret').toString('base64')}`,
        },
      });
      expect(res.statusCode, url).toBe(415);
      expect(res.json()).toEqual({ message: 'Unsupported content type', code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    // An unknown path is still 404.
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/nope',
      payload: form,
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2_000_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Request body is not valid JSON');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Not found');
  });
});

describe('sign-in rate limit per address', () => {
  it('answers 429 with Retry-After once the address exceeds its limit', async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const attempt = (email: string) =>
        limited.app.inject({ method: 'POST', url: '/api/auth', payload: { email, password: 'Wrong!Pass1' } });
      // Different accounts, so the per-account limit and lockout are not what stops it.
      for (const n of [1, 2, 3]) expect((await attempt(`user${n}@x.demo`)).statusCode).toBe(404);
      const res = await attempt('user4@x.demo');
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(typeof res.json().message).toBe('string');
    } finally {
      await limited.close();
    }
  });

  /** Three attempts with a new X-Forwarded-For each, then a fourth: what the address limit answers it. */
  async function fourthAttemptWithForgedAddresses(env: Record<string, string>) {
    const app = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3', ...env } });
    try {
      const attempt = (n: number) =>
        app.app.inject({
          method: 'POST',
          url: '/api/auth',
          headers: { 'x-forwarded-for': `203.0.113.${n}` },
          payload: { email: `user${n}@x.demo`, password: 'Wrong!Pass1' },
        });
      for (const n of [1, 2, 3]) await attempt(n);
      const fourth = await attempt(4);
      const { rows } = await app.app.vigil.database.executeSql(
        `select distinct ip from audit_events where action = 'auth.sign-in-failed'`,
      );
      return { status: fourth.statusCode, addresses: rows.map((r) => (r as { ip: string }).ip).sort() };
    } finally {
      await app.close();
    }
  }

  it('counts the connection, not an X-Forwarded-For the client wrote, unless TRUST_PROXY trusts the sender', async () => {
    expect(await fourthAttemptWithForgedAddresses({})).toEqual({ status: 429, addresses: ['127.0.0.1'] });
    // Behind a proxy on this machine (the test's requests come from 127.0.0.1), the header is the client's.
    expect(await fourthAttemptWithForgedAddresses({ TRUST_PROXY: 'loopback' })).toEqual({
      status: 404,
      addresses: ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'],
    });
  });
});

describe('sign-in rate limit per account', () => {
  it('answers 429 with Retry-After once one account is tried too often, whatever the addresses', async () => {
    // Behind a trusted proxy, so each attempt comes from an address of its own.
    const limited = await createTestApp({
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'loopback' },
    });
    try {
      const attempt = (n: number, email = 'nobody@x.demo') =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth',
          headers: { 'x-forwarded-for': `203.0.113.${n}` },
          payload: { email, password: 'Wrong!Pass1' },
        });
      for (const n of [1, 2, 3]) expect((await attempt(n)).statusCode).toBe(404);
      const res = await attempt(4, ' NOBODY@x.demo');
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().message).toBe('Too many requests. Please try again later.');
      // Another account from the same address is still answered.
      expect((await attempt(4, 'somebody@x.demo')).statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });

  it('limits reset requests for one account the same way, apart from sign-ins: no flood of reset links', async () => {
    const limited = await createTestApp({
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'loopback' },
    });
    try {
      const recover = (n: number, email = 'physician@harbor.demo') =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/recover',
          headers: { 'x-forwarded-for': `203.0.113.${n}` },
          payload: { email },
        });
      for (const n of [1, 2, 3]) expect((await recover(n)).statusCode).toBe(200);
      const res = await recover(4);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(await outboxFor(limited.app, 'physician@harbor.demo')).toHaveLength(3);
      expect((await recover(4, 'staff@sunrise.demo')).statusCode).toBe(200);
      // Sign-ins to the account count apart.
      const signIn = await limited.app.inject({
        method: 'POST',
        url: '/api/auth',
        headers: { 'x-forwarded-for': '203.0.113.9' },
        payload: { email: 'physician@harbor.demo', password: 'Wrong!Pass1' },
      });
      expect(signIn.statusCode).not.toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('a password change that fails half-way', () => {
  const signInStatus = async (email: string, password: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/auth', payload: { email, password } })).statusCode;
  const sessionWorks = async (session: string) =>
    (await asUser(t.app, session).get('/api/auth/me')).statusCode === 200;

  it('leaves a reset link usable, the old password and the open sessions as they were', async () => {
    const email = 'physician@harbor.demo';
    const open = await signIn(t.app, email);
    await t.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email } });
    const url = new URL((await outboxFor(t.app, email))[0]!.body.match(/https?:\/\/\S+/)![0]);
    const link = { token: url.searchParams.get('token'), id: url.searchParams.get('id') };

    const failed = await whileRefusing(
      t.app.vigil.database.db,
      { table: 'audit_events', operation: 'insert', when: "new.action = 'auth.password-reset'" },
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/set-password',
          payload: { ...link, password: 'Fresh!Pass2' },
        }),
    );
    expect(failed.statusCode).toBe(500);
    expect(await signInStatus(email, demoPassword)).toBe(200);
    expect(await sessionWorks(open)).toBe(true);

    const retried = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { ...link, password: 'Fresh!Pass2' },
    });
    expect(retried.statusCode).toBe(200);
    expect(await signInStatus(email, 'Fresh!Pass2')).toBe(200);
    expect(await sessionWorks(open)).toBe(false);
  });

  it('keeps the old password and the other sessions when the change cannot be stored whole', async () => {
    const email = 'navigator@circle.demo';
    const other = await signIn(t.app, email);
    const current = await signIn(t.app, email);
    const change = () =>
      asUser(t.app, current).post('/api/auth/change-password', {
        currentPassword: demoPassword,
        newPassword: 'Newer!Pass5',
      });

    const failed = await whileRefusing(
      t.app.vigil.database.db,
      { table: 'audit_events', operation: 'insert', when: "new.action = 'auth.password-changed'" },
      change,
    );
    expect(failed.statusCode).toBe(500);
    expect(await signInStatus(email, demoPassword)).toBe(200);
    expect(await sessionWorks(other)).toBe(true);

    expect((await change()).statusCode).toBe(200);
    expect(await signInStatus(email, 'Newer!Pass5')).toBe(200);
    expect(await sessionWorks(other)).toBe(false);
    expect(await sessionWorks(current)).toBe(true);
  });
});
