import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { acceptFormBodies } from './form-body.js';
import { encryptToken } from './token-cipher.js';
import { withingsSignature } from './withings.client.js';

export interface FakeVendorOptions {
  withings?: { clientId?: string | undefined; clientSecret?: string | undefined };
  smartMeter?: { apiKey?: string | undefined };
  /** Measure groups per `getmeas` page: small, so that paging is exercised. */
  pageSize?: number;
}

type Form = Record<string, string | undefined>;
const token = () => randomBytes(20).toString('hex');
/** Withings answers HTTP 200 with its own status; these are the ones the fake uses. */
const status = { invalidToken: 401, invalidSignature: 293, invalidParams: 503 } as const;
const withingsError = (code: number, error: string) => ({ status: code, error });
const bearer = (req: FastifyRequest) => req.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];

/** A Withings user id for a MAC address, the same every time (numeric, as Withings' are). */
export const fakeWithingsUserId = (mac: string) =>
  String(Number.parseInt(mac.replace(/[^0-9a-f]/gi, '').slice(-7) || '0', 16) + 1_000_000);

type TokenKind = 'access' | 'refresh';
const tokenSignature = (secret: string, kind: TokenKind, userId: string, nonce: string) =>
  createHmac('sha256', secret).update(`${kind}:${userId}:${nonce}`).digest('hex').slice(0, 32);

/**
 * A token of the fake Withings API: it names its user and is signed with the client secret, so the fake
 * accepts it without having kept it. A demo server that restarts (the fake's memory with it) still takes
 * the tokens it issued before, and those the demo seed stores on its Withings devices.
 */
export function fakeWithingsToken(
  secret: string,
  kind: TokenKind,
  userId: string,
  nonce = token().slice(0, 16),
) {
  return `${kind}.${userId}.${nonce}.${tokenSignature(secret, kind, userId, nonce)}`;
}

function fakeTokenUser(secret: string | undefined, kind: TokenKind, value: string): string | undefined {
  const [k, userId, nonce, signature] = value.split('.');
  if (!secret || k !== kind || !userId || !nonce || !signature) return undefined;
  const expected = Buffer.from(tokenSignature(secret, kind, userId, nonce));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : undefined;
}

const StoredGroups = z.object({
  userid: z.union([z.string(), z.number()]).transform(String),
  measuregrps: z.array(
    z
      .object({
        grpid: z.union([z.number(), z.string()]),
        date: z.number().int(),
        attrib: z.number().int().default(0),
        category: z.number().int().default(1),
        measures: z.array(z.object({ value: z.number(), type: z.number().int(), unit: z.number().int() })),
      })
      .loose(),
  ),
});
type StoredGroup = z.output<typeof StoredGroups>['measuregrps'][number];

const StoredReadings = z.object({
  readings: z.array(
    z.object({ reading_id: z.union([z.string(), z.number()]), date_recorded: z.string() }).loose(),
  ),
});
type StoredReading = z.output<typeof StoredReadings>['readings'][number];

/**
 * In-memory stand-ins for the vendors' pull APIs (decision 0009), outside production only: Withings
 * (getnonce, Activate, requesttoken, getmeas) and Smart Meter (token, readings), checking signatures,
 * secrets and bearer tokens as the real ones do. The simulator and the tests fill them through
 * `POST withings/measures` and `POST smart-meter/readings`. Mounted on the app under
 * /api/dev/vendors, or on a bare Fastify in tests.
 */
export async function fakeVendors(app: FastifyInstance, options: FakeVendorOptions) {
  acceptFormBodies(app);
  const clientId = options.withings?.clientId;
  const clientSecret = options.withings?.clientSecret;
  const pageSize = options.pageSize ?? 10;
  const config = { public: true };

  const w = {
    nonces: new Set<string>(),
    codes: new Map<string, string>(),
    /** Tokens given up: a used refresh token, and the access tokens issued before a refresh. */
    revoked: new Set<string>(),
    accessTokens: new Map<string, string>(),
    groups: new Map<string, StoredGroup[]>(),
  };
  const s = { tokens: new Set<string>(), readings: new Map<string, StoredReading>() };

  const signed = (form: Form, last: string | undefined) =>
    Boolean(
      clientSecret &&
        form.client_id === clientId &&
        last &&
        form.signature === withingsSignature(clientSecret, [form.action ?? '', form.client_id ?? '', last]),
    );

  app.post('/withings/v2/signature', { config }, async (req) => {
    const form = (req.body ?? {}) as Form;
    if (form.action !== 'getnonce') return withingsError(status.invalidParams, 'Invalid action');
    if (!signed(form, form.timestamp)) return withingsError(status.invalidSignature, 'Invalid signature');
    const nonce = token();
    w.nonces.add(nonce);
    return { status: 0, body: { nonce } };
  });

  app.post('/withings/v2/user', { config }, async (req) => {
    const form = (req.body ?? {}) as Form;
    if (form.action !== 'activate') return withingsError(status.invalidParams, 'Invalid action');
    if (!form.nonce || !w.nonces.delete(form.nonce) || !signed(form, form.nonce)) {
      return withingsError(status.invalidSignature, 'Invalid signature or nonce');
    }
    let macs: unknown;
    try {
      macs = JSON.parse(form.mac_addresses ?? '');
    } catch {
      macs = null;
    }
    if (!Array.isArray(macs) || macs.length === 0 || typeof macs[0] !== 'string') {
      return withingsError(status.invalidParams, 'Invalid mac_addresses');
    }
    const code = token();
    w.codes.set(code, fakeWithingsUserId(macs[0]));
    return {
      status: 0,
      body: {
        user: { code, external_id: form.external_id },
        devices: macs.map((mac) => ({ mac_address: mac, device_id: token() })),
      },
    };
  });

  app.post('/withings/v2/oauth2', { config }, async (req) => {
    const form = (req.body ?? {}) as Form;
    if (
      form.action !== 'requesttoken' ||
      form.client_id !== clientId ||
      form.client_secret !== clientSecret
    ) {
      return withingsError(status.invalidToken, 'Invalid client');
    }
    let userId: string | undefined;
    if (form.grant_type === 'authorization_code' && form.code) {
      userId = w.codes.get(form.code);
      w.codes.delete(form.code);
    } else if (
      form.grant_type === 'refresh_token' &&
      form.refresh_token &&
      !w.revoked.has(form.refresh_token)
    ) {
      userId = fakeTokenUser(clientSecret, 'refresh', form.refresh_token);
      w.revoked.add(form.refresh_token);
      // The access tokens issued before stop working too.
      for (const [access, owner] of w.accessTokens) if (owner === userId) w.revoked.add(access);
    }
    if (!userId || !clientSecret) return withingsError(status.invalidToken, 'Invalid code or refresh token');
    const access = fakeWithingsToken(clientSecret, 'access', userId);
    const refresh = fakeWithingsToken(clientSecret, 'refresh', userId);
    w.accessTokens.set(access, userId);
    return {
      status: 0,
      body: {
        userid: userId,
        access_token: access,
        refresh_token: refresh,
        expires_in: 10_800,
        scope: 'user.metrics',
        token_type: 'Bearer',
      },
    };
  });

  app.post('/withings/measure', { config }, async (req) => {
    const form = (req.body ?? {}) as Form;
    const presented = bearer(req) ?? '';
    const userId = w.revoked.has(presented) ? undefined : fakeTokenUser(clientSecret, 'access', presented);
    if (!userId) return withingsError(status.invalidToken, 'invalid_token');
    if (form.action !== 'getmeas') return withingsError(status.invalidParams, 'Invalid action');
    const start = Number(form.startdate ?? 0);
    const end = Number(form.enddate ?? Number.MAX_SAFE_INTEGER);
    const types = new Set((form.meastypes ?? '').split(',').filter(Boolean).map(Number));
    const category = Number(form.category ?? 1);
    const matching = (w.groups.get(userId) ?? [])
      .filter((g) => g.date >= start && g.date <= end && g.category === category)
      .map((g) => ({ ...g, measures: g.measures.filter((m) => types.size === 0 || types.has(m.type)) }))
      .filter((g) => g.measures.length > 0)
      .sort((a, b) => a.date - b.date);
    const offset = Number(form.offset ?? 0);
    const page = matching.slice(offset, offset + pageSize);
    const more = offset + pageSize < matching.length;
    return {
      status: 0,
      body: {
        updatetime: Math.floor(Date.now() / 1000),
        timezone: 'America/New_York',
        measuregrps: page,
        more: more ? 1 : 0,
        offset: more ? offset + pageSize : 0,
      },
    };
  });

  /** The simulator's and the tests' door: measure groups a Withings user's devices took. */
  app.post('/withings/measures', { config }, async (req, reply) => {
    const parsed = StoredGroups.safeParse(req.body);
    if (!parsed.success) return reply.status(400).send({ message: 'Expected {userid, measuregrps}' });
    const list = w.groups.get(parsed.data.userid) ?? [];
    for (const group of parsed.data.measuregrps) {
      if (!list.some((g) => String(g.grpid) === String(group.grpid))) list.push(group);
    }
    w.groups.set(parsed.data.userid, list);
    return { userid: parsed.data.userid, stored: list.length };
  });

  const smartMeterKey = options.smartMeter?.apiKey;
  const unauthorized = (reply: FastifyReply) => reply.status(401).send({ message: 'Unauthorized' });

  app.get('/smart-meter/api/token', { config }, async (req, reply) => {
    if (!smartMeterKey || req.headers['x-api-key'] !== smartMeterKey) return unauthorized(reply);
    const issued = token();
    s.tokens.add(issued);
    return { token: issued };
  });

  app.post('/smart-meter/api/readings', { config }, async (req, reply) => {
    if (!s.tokens.has(bearer(req) ?? '')) return unauthorized(reply);
    const body = (req.body ?? {}) as { date_start?: string; date_end?: string };
    const start = body.date_start ? Date.parse(body.date_start) : Number.NEGATIVE_INFINITY;
    const end = body.date_end ? Date.parse(body.date_end) : Number.POSITIVE_INFINITY;
    const readings = [...s.readings.values()].filter((r) => {
      const at = Date.parse(r.date_recorded);
      return at >= start && at <= end;
    });
    return { readings };
  });

  /** The simulator's and the tests' door: readings Smart Meter devices took. */
  app.post('/smart-meter/readings', { config }, async (req, reply) => {
    const parsed = StoredReadings.safeParse(req.body);
    if (!parsed.success) return reply.status(400).send({ message: 'Expected {readings}' });
    for (const r of parsed.data.readings) s.readings.set(String(r.reading_id), r);
    return { stored: s.readings.size };
  });
}

/**
 * Outside production, the tokens the demo seed stores on its Withings devices: signed by the fake Withings
 * API's rule and encrypted as activation stores them. None in production, where the seed's devices were
 * never activated with the real Withings.
 */
export function demoWithingsTokens(config: Pick<Config, 'env' | 'vendors'>) {
  const { tokenKey, withings } = config.vendors;
  if (config.env === 'production' || !tokenKey || !withings.clientSecret) return undefined;
  const secret = withings.clientSecret;
  return (userId: string) => ({
    vendorAccessToken: encryptToken(tokenKey, fakeWithingsToken(secret, 'access', userId)),
    vendorRefreshToken: encryptToken(tokenKey, fakeWithingsToken(secret, 'refresh', userId)),
  });
}
