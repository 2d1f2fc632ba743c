import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { demoVendorSecrets, loadConfig } from '../../config.js';
import { basicCredentials, secretMatches, webhookAuthorised } from './webhook-auth.js';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('webhook secrets', () => {
  it('compares secrets exactly, and an unset expected secret matches nothing', () => {
    expect(secretMatches('abc', 'abc')).toBe(true);
    expect(secretMatches('abc', 'abcd')).toBe(false);
    expect(secretMatches('', '')).toBe(false);
    expect(secretMatches('abc', undefined)).toBe(false);
    expect(secretMatches(undefined, 'abc')).toBe(false);
  });

  it('reads Basic credentials, a colon in the password included', () => {
    expect(basicCredentials(basic('u', 'p:q'))).toEqual({ user: 'u', password: 'p:q' });
    expect(basicCredentials('Basic !!!')).toBeUndefined();
    expect(basicCredentials('Bearer x')).toBeUndefined();
  });

  it('in production, an unset secret refuses every delivery, demo secrets included', () => {
    const authorised = webhookAuthorised(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://vigil.example' }).vendors,
    );
    const demo = request({
      authorization: basic(demoVendorSecrets.bodytrace.user, demoVendorSecrets.bodytrace.password),
      'x-api-key': demoVendorSecrets.pyloApiKey,
    });
    expect(Object.values(authorised).map((check) => check(demo))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(authorised.tenovi(request({ authorization: demoVendorSecrets.tenoviSecret }))).toBe(false);
  });

  it('in production, the configured secrets are the ones accepted', () => {
    const { vendors } = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://vigil.example',
      BODYTRACE_USER: 'bt',
      BODYTRACE_PASSWORD: 'bt-secret',
      TENOVI_WEBHOOK_SECRET: 'tenovi-secret',
      SMART_METER_API_KEY: 'sm-key',
    });
    const authorised = webhookAuthorised(vendors);
    expect(authorised.bodytrace(request({ authorization: basic('bt', 'bt-secret') }))).toBe(true);
    expect(authorised.bodytrace(request({ authorization: basic('bt', 'bodytrace-demo-secret') }))).toBe(
      false,
    );
    expect(authorised.tenovi(request({ authorization: 'tenovi-secret' }))).toBe(true);
    expect(authorised.smartMeter(request({ 'x-api-key': 'sm-key' }))).toBe(true);
    expect(authorised.pylo(request({ 'x-api-key': 'sm-key' }))).toBe(false);
  });
});
