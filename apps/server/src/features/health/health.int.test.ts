import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health, readiness, docs and headers', () => {
  it('answers health and readiness without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('publishes OpenAPI generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth', '/api/auth/set-password']));
    expect(
      doc.paths['/api/auth'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
  });

  it('sends a strict Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps the API’s answers out of every cache, a signed-in read and a sign-in’s token included', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: 'staff@sunrise.demo', password: 'Demo!Pass1' },
    });
    expect(signIn.headers['cache-control']).toBe('no-store');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${signIn.json().token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    // The path as the router reads it, and an /api path no route answers.
    const encoded = await t.app.inject({
      method: 'GET',
      url: '/%61pi/auth/me',
      headers: { authorization: `Bearer ${signIn.json().token}` },
    });
    expect(encoded.statusCode).toBe(200);
    expect(encoded.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/api' })).headers['cache-control']).toBe('no-store');
  });
});

describe('a URL no route can read', () => {
  it.each(['/%E0%A4%A', '/api/users/%E0%A4%A'])(
    'answers %s with 400 in the error format, the security headers and no echo of the URL',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid request', code: 'FST_ERR_BAD_URL' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );
});
