import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { SEED_DEMO: 'false', FORM_HOSTS: 'https://forms.example.com, https://survey.example.org/' },
  });
});
afterAll(() => t.close());

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );

describe('the Content-Security-Policy with form hosts', () => {
  it('frames this origin and the configured form hosts only, and lets only this origin frame the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp['frame-src']).toBe("'self' https://forms.example.com https://survey.example.org");
    expect(csp['frame-ancestors']).toBe("'self'");
    expect(csp['script-src']).toBe("'self'");
    expect(csp['default-src']).toBe("'self'");
    expect(csp['object-src']).toBe("'none'");
  });

  it('frames nothing but this origin without FORM_HOSTS', () => {
    expect(loadConfig({}).formHosts).toEqual([]);
  });

  it('refuses a host that is not an https origin', () => {
    for (const hosts of ['http://forms.example.com', 'https://forms.example.com/path', 'forms.example.com']) {
      expect(() => loadConfig({ FORM_HOSTS: hosts }), hosts).toThrow(ConfigError);
    }
  });
});
