import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const boolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** proxy-addr's names for address ranges, which Fastify's `trustProxy` takes beside addresses and CIDRs. */
const namedRanges = ['loopback', 'linklocal', 'uniquelocal'];
const isAddressOrRange = (item: string) => {
  if (namedRanges.includes(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
};

/**
 * Which proxies' `X-Forwarded-For` to believe, for the address that sign-in limits count and audit events
 * keep: none by default (a client could write any address there), `true` for all, or addresses and CIDR
 * ranges (`loopback`, `linklocal` and `uniquelocal` name theirs).
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): boolean | string[] => {
    const v = value?.trim() ?? '';
    if (v === '' || v === 'false') return false;
    if (v === 'true') return true;
    const items = v.split(',').map((item) => item.trim());
    if (items.every(isAddressOrRange)) return items;
    ctx.addIssue({
      code: 'custom',
      message: 'must be true, false, or comma-separated addresses and CIDR ranges',
    });
    return z.NEVER;
  });

/** A whole number from `min` to `max`; the message says so whatever is wrong ('abc' would read 'Required'). */
const wholeNumber = (min: number, max: number, fallback: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).default(fallback);
};

/** A URL of one of the schemes the setting is used with (a mistyped one had started, and failed later). */
const urlOf = (protocol: RegExp, error: string) => z.url({ protocol, error });
const webUrl = urlOf(/^https?$/, 'must be an http:// or https:// URL');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: wholeNumber(1, 65535, 3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: webUrl.optional(),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: urlOf(/^postgres(ql)?$/, 'must be a postgres:// or postgresql:// URL').optional(),
  SEED_DEMO: boolean.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  AUTH_RATE_LIMIT_PER_MINUTE: wholeNumber(1, 100_000, 20),
  AUDIT_SEAL_INTERVAL_MS: wholeNumber(10, 60_000, 1000),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_MESSAGING_SERVICE_SID: z.string().optional(),
  SMTP_URL: urlOf(/^smtps?$/, 'must be an smtp:// or smtps:// URL').optional(),
  /** An address, bare or with a name ('Vigil <no-reply@vigil.local>'). */
  EMAIL_FROM: z
    .string()
    .trim()
    .regex(/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, {
      message: 'must be an email address, bare or with a name: Vigil <no-reply@example.org>',
    })
    .default('Vigil <no-reply@vigil.local>'),
  /** Set, it must hold a built web app: unset, the repository's build is used when there is one. */
  WEB_DIST: z
    .string()
    .optional()
    .refine((dir) => dir === undefined || fs.existsSync(path.join(path.resolve(dir), 'index.html')), {
      message:
        'holds no built web app (index.html): build it with npm run build:web, or leave WEB_DIST unset',
    }),
  BODYTRACE_USER: z.string().optional(),
  BODYTRACE_PASSWORD: z.string().optional(),
  TENOVI_WEBHOOK_SECRET: z.string().optional(),
  SMART_METER_API_KEY: z.string().optional(),
  SMART_METER_API_URL: webUrl.optional(),
  PYLO_API_KEY: z.string().optional(),
  EDEVICE_USER: z.string().optional(),
  EDEVICE_PASSWORD: z.string().optional(),
  WITHINGS_API_URL: webUrl.optional(),
  WITHINGS_CLIENT_ID: z.string().optional(),
  WITHINGS_CLIENT_SECRET: z.string().optional(),
  WITHINGS_NOTIFICATIONS_PER_MINUTE: wholeNumber(1, 100_000, 300),
  /** Comma-separated https origins of external form hosts, which the forms panel may frame. */
  FORM_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .url()
          .refine((h) => h.startsWith('https://') && new URL(h).origin === h.replace(/\/$/, ''), {
            message: 'must list https origins (https://forms.example.com), separated by commas',
          })
          .transform((h) => new URL(h).origin),
      ),
    ),
  /** 32 bytes, base64: the key vendor tokens are encrypted with at rest. */
  DEVICE_TOKEN_KEY: z.string().optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Whether a new database gets the demo clinics, accounts (with the published demo password) and patients:
   * by default outside production only, so a production installation never starts with them.
   */
  seedDemo: boolean;
  logLevel: Env['LOG_LEVEL'];
  /** Fastify's `trustProxy`: which proxies' `X-Forwarded-For` gives the client's address (TRUST_PROXY). */
  trustProxy: boolean | string[];
  authRateLimitPerMinute: number;
  twilio: { accountSid: string; authToken: string; messagingServiceSid: string | undefined } | undefined;
  /**
   * The token Twilio's webhooks are signed with: TWILIO_AUTH_TOKEN, or outside production without it the
   * demo token (demoVendorSecrets.twilioAuthToken), so tests and a local demo can post signed texts. In
   * production without Twilio it is undefined and every Twilio webhook is refused.
   */
  twilioWebhookToken: string | undefined;
  smtpUrl: string | undefined;
  emailFrom: string;
  webDist: string;
  /** Device vendors: webhook secrets, pull APIs and the key of stored vendor tokens (vendors.md). */
  vendors: VendorConfig;
  /** Background jobs; tests that drive the outbox by hand turn them off. */
  jobs: boolean;
  /**
   * How often the server seals new audit events into the chain (decision 0012); null only in tests, which
   * seal by hand.
   */
  auditSealIntervalMs: number | null;
  /** External form hosts' origins: the Content-Security-Policy lets the app frame them (issue 13). */
  formHosts: string[];
}

export class ConfigError extends Error {}

export interface VendorConfig {
  bodytrace: { user: string; password: string } | undefined;
  edevice: { user: string; password: string } | undefined;
  tenoviSecret: string | undefined;
  smartMeter: { apiKey: string | undefined; apiUrl: string };
  pyloApiKey: string | undefined;
  withings: {
    apiUrl: string;
    clientId: string | undefined;
    clientSecret: string | undefined;
    /**
     * Notifications taken per minute from one address: Withings signs nothing (vendors.md), so this bounds
     * what anyone could make the server list and pull; Withings retries a 429 later.
     */
    notificationsPerMinute: number;
  };
  tokenKey: Buffer | undefined;
}

/**
 * The demo secrets every webhook accepts outside production when its variable is unset (README,
 * "Device webhooks"); the simulator sends them. In production an unset secret refuses every delivery.
 */
export const demoVendorSecrets = {
  bodytrace: { user: 'bodytrace-demo', password: 'bodytrace-demo-secret' },
  edevice: { user: 'edevice-demo', password: 'edevice-demo-secret' },
  tenoviSecret: 'tenovi-demo-secret',
  smartMeterApiKey: 'smart-meter-demo-key',
  pyloApiKey: 'pylo-demo-key',
  withingsClientId: 'withings-demo-client',
  withingsClientSecret: 'withings-demo-secret',
  tokenKey: Buffer.alloc(32, 'vigil-demo-device-token-key').toString('base64'),
  /** Signs and checks Twilio webhooks outside production when TWILIO_AUTH_TOKEN is unset (decision 0011). */
  twilioAuthToken: 'twilio-demo-auth-token',
} as const;

/**
 * In production, a secret set to its published demo value would let anyone who reads this file forge that
 * vendor's deliveries (or read Withings tokens from a dump): the start stops, naming the variables.
 */
function refuseDemoSecrets(e: Env) {
  if (e.NODE_ENV !== 'production') return;
  const published: [string, string | undefined, string][] = [
    ['BODYTRACE_PASSWORD', e.BODYTRACE_PASSWORD, demoVendorSecrets.bodytrace.password],
    ['EDEVICE_PASSWORD', e.EDEVICE_PASSWORD, demoVendorSecrets.edevice.password],
    ['TENOVI_WEBHOOK_SECRET', e.TENOVI_WEBHOOK_SECRET, demoVendorSecrets.tenoviSecret],
    ['SMART_METER_API_KEY', e.SMART_METER_API_KEY, demoVendorSecrets.smartMeterApiKey],
    ['PYLO_API_KEY', e.PYLO_API_KEY, demoVendorSecrets.pyloApiKey],
    ['WITHINGS_CLIENT_SECRET', e.WITHINGS_CLIENT_SECRET, demoVendorSecrets.withingsClientSecret],
    ['DEVICE_TOKEN_KEY', e.DEVICE_TOKEN_KEY, demoVendorSecrets.tokenKey],
    ['TWILIO_AUTH_TOKEN', e.TWILIO_AUTH_TOKEN, demoVendorSecrets.twilioAuthToken],
  ];
  const names = published.filter(([, value, demo]) => value === demo).map(([name]) => name);
  if (names.length)
    throw new ConfigError(
      `Invalid environment configuration:\n${names.map((n) => `  ${n} is the published demo value; set a secret of your own`).join('\n')}`,
    );
}

/** Outside production, the vendors' pull APIs are the server's own fakes (features/devices/fakes). */
const fakeVendorUrl = (port: number, vendor: string) => `http://127.0.0.1:${port}/api/dev/vendors/${vendor}`;

function vendorConfig(e: Env): VendorConfig {
  const demo = e.NODE_ENV !== 'production';
  const pair = (
    user: string | undefined,
    password: string | undefined,
    fallback: { user: string; password: string },
  ) => (user && password ? { user, password } : demo ? fallback : undefined);
  const key = e.DEVICE_TOKEN_KEY ?? (demo ? demoVendorSecrets.tokenKey : undefined);
  const tokenKey = key ? Buffer.from(key, 'base64') : undefined;
  if (tokenKey && tokenKey.length !== 32) {
    throw new ConfigError('Invalid environment configuration:\n  DEVICE_TOKEN_KEY must be 32 bytes, base64');
  }
  return {
    bodytrace: pair(e.BODYTRACE_USER, e.BODYTRACE_PASSWORD, demoVendorSecrets.bodytrace),
    edevice: pair(e.EDEVICE_USER, e.EDEVICE_PASSWORD, demoVendorSecrets.edevice),
    tenoviSecret: e.TENOVI_WEBHOOK_SECRET ?? (demo ? demoVendorSecrets.tenoviSecret : undefined),
    smartMeter: {
      apiKey: e.SMART_METER_API_KEY ?? (demo ? demoVendorSecrets.smartMeterApiKey : undefined),
      apiUrl: (
        e.SMART_METER_API_URL ??
        (demo ? fakeVendorUrl(e.PORT, 'smart-meter') : 'https://api.smartmeterrpm.com')
      ).replace(/\/$/, ''),
    },
    pyloApiKey: e.PYLO_API_KEY ?? (demo ? demoVendorSecrets.pyloApiKey : undefined),
    withings: {
      apiUrl: (
        e.WITHINGS_API_URL ?? (demo ? fakeVendorUrl(e.PORT, 'withings') : 'https://wbsapi.withings.net')
      ).replace(/\/$/, ''),
      clientId: e.WITHINGS_CLIENT_ID ?? (demo ? demoVendorSecrets.withingsClientId : undefined),
      clientSecret: e.WITHINGS_CLIENT_SECRET ?? (demo ? demoVendorSecrets.withingsClientSecret : undefined),
      notificationsPerMinute: e.WITHINGS_NOTIFICATIONS_PER_MINUTE,
    },
    tokenKey,
  };
}

/** Parses the environment once; a bad variable stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    // Named by the variable alone: FORM_HOSTS, not FORM_HOSTS.0.
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  refuseDemoSecrets(e);
  const hasTwilio = Boolean(e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN);
  // Emailed links and Twilio's callbacks and signatures are built on it: in production, localhost would
  // send every new user and every reset to a link that leads nowhere.
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    throw new ConfigError(
      'Invalid environment configuration:\n  PUBLIC_URL is required in production: the address users reach (https://...)',
    );
  }
  if (Boolean(e.TWILIO_ACCOUNT_SID) !== Boolean(e.TWILIO_AUTH_TOKEN)) {
    throw new ConfigError(
      'Invalid environment configuration:\n  TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN must be set together',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    twilio: hasTwilio
      ? {
          accountSid: e.TWILIO_ACCOUNT_SID!,
          authToken: e.TWILIO_AUTH_TOKEN!,
          messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
        }
      : undefined,
    twilioWebhookToken:
      e.TWILIO_AUTH_TOKEN ?? (e.NODE_ENV !== 'production' ? demoVendorSecrets.twilioAuthToken : undefined),
    smtpUrl: e.SMTP_URL,
    emailFrom: e.EMAIL_FROM,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    vendors: vendorConfig(e),
    jobs: true,
    auditSealIntervalMs: e.AUDIT_SEAL_INTERVAL_MS,
    formHosts: e.FORM_HOSTS,
  };
}
