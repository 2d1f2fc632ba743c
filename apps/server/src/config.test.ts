import { describe, expect, it } from 'vitest';
import { ConfigError, demoVendorSecrets, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, env: 'development', seedDemo: true, databaseUrl: undefined });
    expect(config.dataDir).toMatch(/\.data$/);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('needs PUBLIC_URL in production, where links to localhost would lead nowhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL is required in production/);
    expect(loadConfig({ NODE_ENV: 'test' }).publicUrl).toBe('http://localhost:3000');
  });

  it('seeds the demo by default outside production only', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://vigil.example' }).seedDemo).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://vigil.example', SEED_DEMO: 'true' }).seedDemo,
    ).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it("believes no proxy's X-Forwarded-For unless TRUST_PROXY names them", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1, ::1, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'loopback',
    ]);
    for (const bad of ['proxy.example.org', '10.0.0.0/33', '10.0.0.1/8/1', 'yes', '1'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  it('refuses the published demo secrets in production, naming each, and takes them elsewhere', () => {
    const demoValues = {
      TENOVI_WEBHOOK_SECRET: demoVendorSecrets.tenoviSecret,
      DEVICE_TOKEN_KEY: demoVendorSecrets.tokenKey,
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: demoVendorSecrets.twilioAuthToken,
    };
    const refused = () =>
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://vigil.example', ...demoValues });
    expect(refused).toThrow(ConfigError);
    expect(refused).toThrow(/TENOVI_WEBHOOK_SECRET is the published demo value/);
    expect(refused).toThrow(/DEVICE_TOKEN_KEY is the published demo value/);
    expect(refused).toThrow(/TWILIO_AUTH_TOKEN is the published demo value/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://vigil.example', PYLO_API_KEY: 'a-real-key' }),
    ).not.toThrow();
    expect(loadConfig({ NODE_ENV: 'test', ...demoValues }).vendors.tenoviSecret).toBe(
      demoVendorSecrets.tenoviSecret,
    );
  });

  it('stops with a message naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT: must be a whole number from 1 to 65535');
    expect(() => loadConfig({ PORT: '70000' })).toThrow('PORT: must be a whole number from 1 to 65535');
    expect(() => loadConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(
      /AUTH_RATE_LIMIT_PER_MINUTE: must be/,
    );
    expect(() => loadConfig({ WITHINGS_NOTIFICATIONS_PER_MINUTE: 'many' })).toThrow(
      /WITHINGS_NOTIFICATIONS_PER_MINUTE: must be/,
    );
    expect(loadConfig({}).vendors.withings.notificationsPerMinute).toBe(300);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root@127.0.0.1/x' })).toThrow(
      'DATABASE_URL: must be a postgres:// or postgresql:// URL',
    );
    expect(() => loadConfig({ SMTP_URL: 'garbage' })).toThrow('SMTP_URL: must be an smtp:// or smtps:// URL');
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(
      'PUBLIC_URL: must be an http:// or https:// URL',
    );
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example:465' }).smtpUrl).toBe(
      'smtps://user:pass@mail.example:465',
    );
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ EMAIL_FROM: 'bad' })).toThrow('EMAIL_FROM: must be an email address');
    expect(loadConfig({ EMAIL_FROM: 'Clinic <care@clinic.example>' }).emailFrom).toBe(
      'Clinic <care@clinic.example>',
    );
    expect(loadConfig({ EMAIL_FROM: 'care@clinic.example' }).emailFrom).toBe('care@clinic.example');
    expect(() => loadConfig({ WEB_DIST: '/nonexistent' })).toThrow(
      'WEB_DIST: holds no built web app (index.html)',
    );
    // Named once, as every variable is.
    expect(() => loadConfig({ FORM_HOSTS: 'http://forms.example.com' })).toThrow(
      /\n {2}FORM_HOSTS: must list https origins/,
    );
  });

  it('needs both Twilio credentials or neither', () => {
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(/TWILIO_AUTH_TOKEN/);
    expect(loadConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' }).twilio?.accountSid).toBe('AC1');
  });
});
