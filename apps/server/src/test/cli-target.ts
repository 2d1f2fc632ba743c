import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';
import { onPostgresServer } from './pg-server.js';

/**
 * The project's commands (`npm run audit:verify`, `npm run admin:create`) run as a user runs them, from the
 * repository's root, against a database of their own: on PostgreSQL one created on the server of
 * DATABASE_URL, else an embedded one in a temporary DATA_DIR, which the test closes before every run (PGlite
 * has one user at a time).
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const serverUrl = process.env.DATABASE_URL;

export interface Target {
  /** What the command is given to find the database. */
  env: Record<string, string>;
  /** Opens the database for `work` and closes it again before the command may open it. */
  use<T>(work: (database: Database) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

/** A database of its own, migrated or not: the migrated template on PostgreSQL, the migrations on PGlite. */
export async function createTarget(migrated: boolean): Promise<Target> {
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  if (serverUrl) {
    const name = `vigil_cli_${randomBytes(6).toString('hex')}`;
    await onPostgresServer(
      serverUrl,
      `create database ${name}${migrated ? ` template ${inject('postgresTemplate')}` : ''}`,
    );
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString() };
    drop = () => onPostgresServer(serverUrl, `drop database if exists ${name} with (force)`);
  } else {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-cli-'));
    env = { DATA_DIR: dataDir };
    drop = async () => rmSync(dataDir, { recursive: true, force: true });
  }
  const use = async <T>(work: (database: Database) => Promise<T>) => {
    const database = await openDatabase(
      serverUrl ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
    );
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  };
  // PGlite creates its database on the first open; only the migrated one gets the migrations.
  if (!serverUrl) await use((database) => (migrated ? database.migrate() : Promise.resolve()));
  return { env, use, drop };
}

/** A port nothing answers on, so the embedded database's "a server is running" check stays quiet. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/**
 * Runs `npm run <script> -- <args>` in the repository's root, with only `target`'s database set and `port`
 * as the server's.
 */
export function runScript(script: string, target: Target, port: number, args: string[] = []) {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), ...target.env };
  if (!target.env.DATABASE_URL) delete env.DATABASE_URL;
  if (!target.env.DATA_DIR) delete env.DATA_DIR;
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', script, '--', ...args],
      { cwd: root, env, timeout: 30_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? -1) : 0, stdout, stderr }),
    );
  });
}
