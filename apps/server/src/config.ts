import path from 'node:path';
import { z } from 'zod';

const boolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.url().optional(),
  SEED_DEMO: boolean.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_MESSAGING_SERVICE_SID: z.string().optional(),
  SMTP_URL: z.string().optional(),
  EMAIL_FROM: z.string().default('Vigil <no-reply@vigil.local>'),
  WEB_DIST: z.string().optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  logLevel: Env['LOG_LEVEL'];
  authRateLimitPerMinute: number;
  twilio: { accountSid: string; authToken: string; messagingServiceSid: string | undefined } | undefined;
  smtpUrl: string | undefined;
  emailFrom: string;
  webDist: string;
  /** Background jobs; tests that drive the outbox by hand turn them off. */
  jobs: boolean;
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad variable stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const hasTwilio = Boolean(e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN);
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
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    twilio: hasTwilio
      ? {
          accountSid: e.TWILIO_ACCOUNT_SID!,
          authToken: e.TWILIO_AUTH_TOKEN!,
          messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
        }
      : undefined,
    smtpUrl: e.SMTP_URL,
    emailFrom: e.EMAIL_FROM,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    jobs: true,
  };
}
