import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import type { Clock } from '../clock.js';
import { loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { demoPassword } from '../db/seed/demo.js';

/** A clock the test moves by hand, to prove rules about time without waiting. */
export function createTestClock(start = new Date('2026-11-02T17:00:00Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  } satisfies Clock & { advance(ms: number): void };
}

let template: Promise<Blob> | undefined;

/** The migrated PGlite database the global set-up dumped, read once per test file. */
function migratedTemplate(): Promise<Blob> {
  template ??= readFile(inject('pgliteTemplate')).then((bytes) => new Blob([bytes]));
  return template;
}

/** Whether the API tests run on PostgreSQL (DATABASE_URL), where requests can overlap, or on PGlite. */
export const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');

/**
 * A fresh database for one test file, a copy of the migrated one of the global set-up: in-memory PGlite, or,
 * when DATABASE_URL is set, a new PostgreSQL database created for the file and dropped after it.
 */
async function openTestDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ loadDataDir: await migratedTemplate() });
    return { database, drop: async () => undefined };
  }
  const name = `vigil_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  clock: ReturnType<typeof createTestClock>;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    jobs?: boolean;
    env?: Record<string, string>;
    clock?: ReturnType<typeof createTestClock>;
    /** The server's audit sealer, off unless asked for. */
    auditSealIntervalMs?: number;
  } = {},
): Promise<TestApp> {
  const { database, url, drop } = await openTestDatabase();
  const clock = options.clock ?? createTestClock();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-api-'));
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      ...options.env,
    }),
    databaseUrl: url,
    dataDir,
    webDist: '/nonexistent',
    jobs: options.jobs ?? false,
    // Tests seal the audit chain by hand (sealAuditEvents) when they look at it.
    auditSealIntervalMs: options.auditSealIntervalMs ?? null,
  };
  const app = await buildApp(config, { clock, database });
  return {
    app,
    clock,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function signIn(app: FastifyInstance, email: string, password = demoPassword): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Injects requests as the holder of a session token. */
export function asUser(app: FastifyInstance, token: string) {
  const send = (
    method: Method,
    url: string,
    payload?: InjectOptions['payload'],
  ): Promise<LightMyRequestResponse> =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, payload?: InjectOptions['payload']) => send('POST', url, payload),
    put: (url: string, payload?: InjectOptions['payload']) => send('PUT', url, payload),
    patch: (url: string, payload?: InjectOptions['payload']) => send('PATCH', url, payload),
    delete: (url: string) => send('DELETE', url),
  };
}

export async function outboxFor(app: FastifyInstance, to: string) {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  return res.json().data as Array<{ channel: string; to: string; subject: string | null; body: string }>;
}
