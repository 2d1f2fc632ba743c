import { createHmac } from 'node:crypto';
import { withingsMeasureTypes } from '@vigil/core';
import { z } from 'zod';
import { VendorUnavailableError, vendorFetch } from './vendor-error.js';

export interface WithingsApiConfig {
  apiUrl: string;
  clientId: string | undefined;
  clientSecret: string | undefined;
}

/** The measure types the product reads: weight, diastolic, systolic, heart pulse (Withings Measure API). */
export const withingsMeasTypes = Object.values(withingsMeasureTypes).join(',');

/**
 * Withings "Signature v2": HMAC-SHA256, keyed with the client secret, of the values of `action`,
 * `client_id` and then `timestamp` (getnonce) or `nonce` (every signed call), joined by commas; hex.
 */
export function withingsSignature(clientSecret: string, values: readonly (string | number)[]): string {
  return createHmac('sha256', clientSecret).update(values.join(',')).digest('hex');
}

/** A MAC address as Withings writes it ("00:24:e4:ab:cd:ef") from the inventory's serial number. */
export const withingsMac = (serialNumber: string) =>
  serialNumber
    .replace(/[^0-9a-f]/gi, '')
    .toLowerCase()
    .replace(/(..)(?!$)/g, '$1:');

export interface WithingsTokens {
  userId: string;
  accessToken: string;
  refreshToken: string;
  /** Seconds. */
  expiresIn: number;
}

const Envelope = z.object({ status: z.number(), body: z.unknown().optional() }).loose();
const NonceBody = z.object({ nonce: z.string().min(1) }).loose();
const ActivateBody = z.object({ user: z.object({ code: z.string().min(1) }).loose() }).loose();
const TokenBody = z
  .object({
    userid: z.union([z.string(), z.number()]).transform(String),
    access_token: z.string().min(1),
    refresh_token: z.string().min(1),
    expires_in: z.coerce.number().int().positive(),
  })
  .loose();
const MeasureBody = z
  .object({
    measuregrps: z.array(z.unknown()),
    more: z.union([z.boolean(), z.number()]).optional(),
    offset: z.number().int().optional(),
  })
  .loose();

/** Pages read at most per pull: a runaway `more` must not loop forever. */
const maxPages = 200;

/**
 * The Withings API calls the product makes (vendors.md): the nonce, Activate (a cellular device tied to a
 * new Withings user by its MAC address), tokens, and `getmeas` paged with `offset` while `more`. Withings
 * answers HTTP 200 with its own `status`; anything but 0 is a failure.
 */
export function createWithingsClient(config: WithingsApiConfig, fetchImpl: typeof fetch = fetch) {
  const credentials = () => {
    if (!config.clientId || !config.clientSecret) {
      throw new VendorUnavailableError('Withings', 'WITHINGS_CLIENT_ID or WITHINGS_CLIENT_SECRET is not set');
    }
    return { clientId: config.clientId, clientSecret: config.clientSecret };
  };

  async function call<S extends z.ZodType>(
    path: string,
    params: Record<string, string>,
    schema: S,
    accessToken?: string,
  ): Promise<z.output<S>> {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (accessToken) headers.authorization = `Bearer ${accessToken}`;
    const json = await vendorFetch(
      'Withings',
      `${config.apiUrl}${path}`,
      {
        method: 'POST',
        headers,
        body: new URLSearchParams(params).toString(),
      },
      fetchImpl,
    );
    const envelope = Envelope.safeParse(json);
    if (!envelope.success)
      throw new VendorUnavailableError('Withings', `${params.action}: unexpected answer`);
    if (envelope.data.status !== 0) {
      throw new VendorUnavailableError(
        'Withings',
        `${params.action}: status ${envelope.data.status}`,
        envelope.data.status,
      );
    }
    const body = schema.safeParse(envelope.data.body);
    if (!body.success) throw new VendorUnavailableError('Withings', `${params.action}: unexpected body`);
    return body.data;
  }

  const tokens = (b: z.output<typeof TokenBody>): WithingsTokens => ({
    userId: b.userid,
    accessToken: b.access_token,
    refreshToken: b.refresh_token,
    expiresIn: b.expires_in,
  });

  return {
    async getNonce(nowSeconds: number): Promise<string> {
      const { clientId, clientSecret } = credentials();
      const timestamp = String(nowSeconds);
      const body = await call(
        '/v2/signature',
        {
          action: 'getnonce',
          client_id: clientId,
          timestamp,
          signature: withingsSignature(clientSecret, ['getnonce', clientId, timestamp]),
        },
        NonceBody,
      );
      return body.nonce;
    },

    /**
     * Creates a Withings user for these MAC addresses and answers its authorization code (valid 10 minutes).
     * The user is the device's, not the patient's: no patient data is sent, only neutral values where the
     * API requires a profile (vendor accounts are per device in this product, decision 0009).
     */
    async activate(input: {
      macAddresses: readonly string[];
      externalId: string;
      nowSeconds: number;
      timeZone?: string;
      redirectUri?: string;
    }): Promise<string> {
      const { clientId, clientSecret } = credentials();
      const nonce = await this.getNonce(input.nowSeconds);
      const params: Record<string, string> = {
        action: 'activate',
        client_id: clientId,
        nonce,
        signature: withingsSignature(clientSecret, ['activate', clientId, nonce]),
        mac_addresses: JSON.stringify(input.macAddresses),
        external_id: input.externalId,
        shortname: 'RPM',
        email: `device-${input.externalId}@devices.vigil.invalid`,
        mailingpref: 'false',
        birthdate: '0',
        gender: '0',
        measures: JSON.stringify([
          { value: 170, unit: -2, type: 4 },
          { value: 70, unit: 0, type: 1 },
        ]),
        preflang: 'en_US',
        unit_pref: JSON.stringify({ weight: 2, height: 7, distance: 8, temperature: 13 }),
        timezone: input.timeZone ?? 'America/New_York',
      };
      if (input.redirectUri) params.redirect_uri = input.redirectUri;
      const body = await call('/v2/user', params, ActivateBody);
      return body.user.code;
    },

    async requestToken(code: string, redirectUri?: string): Promise<WithingsTokens> {
      const { clientId, clientSecret } = credentials();
      const params: Record<string, string> = {
        action: 'requesttoken',
        grant_type: 'authorization_code',
        client_id: clientId,
        client_secret: clientSecret,
        code,
      };
      if (redirectUri) params.redirect_uri = redirectUri;
      return tokens(await call('/v2/oauth2', params, TokenBody));
    },

    /** New tokens for a refresh token; the old refresh token stops working soon after, keep the new one. */
    async refreshToken(refreshToken: string): Promise<WithingsTokens> {
      const { clientId, clientSecret } = credentials();
      const params = {
        action: 'requesttoken',
        grant_type: 'refresh_token',
        client_id: clientId,
        client_secret: clientSecret,
        refresh_token: refreshToken,
      };
      return tokens(await call('/v2/oauth2', params, TokenBody));
    },

    /** Every measure group of the user between two instants (Unix seconds), all pages. */
    async getMeasures(
      accessToken: string,
      range: { startdate: number; enddate: number },
    ): Promise<unknown[]> {
      const groups: unknown[] = [];
      let offset: number | undefined;
      for (let page = 0; page < maxPages; page++) {
        const params: Record<string, string> = {
          action: 'getmeas',
          meastypes: withingsMeasTypes,
          category: '1',
          startdate: String(range.startdate),
          enddate: String(range.enddate),
        };
        if (offset !== undefined) params.offset = String(offset);
        const body = await call('/measure', params, MeasureBody, accessToken);
        groups.push(...body.measuregrps);
        if (!body.more || body.offset === undefined) return groups;
        offset = body.offset;
      }
      throw new VendorUnavailableError('Withings', `getmeas: more than ${maxPages} pages`);
    },
  };
}

export type WithingsClient = ReturnType<typeof createWithingsClient>;
