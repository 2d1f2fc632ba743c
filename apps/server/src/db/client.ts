import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: repositories accept both. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL for pg-boss: text without parameters may hold several statements. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * PostgreSQL when a URL is given, else PGlite: kept in `dataDir`, or in memory, starting from `loadDataDir` (a
 * dump of a migrated database, which the API tests load instead of running initdb and the migrations per file).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  loadDataDir?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.loadDataDir);
}

/**
 * A PostgreSQL database that cannot be used (not running, no such database, refused): what the operator
 * reads at start, naming DATABASE_URL, in place of the first migration's stack trace.
 */
export class DatabaseUnreachableError extends Error {}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client's error (the server restarting) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end();
    const { hostname, port, pathname } = new URL(url);
    throw new DatabaseUnreachableError(
      `DATABASE_URL: cannot use the PostgreSQL database ${pathname.slice(1)} at ${hostname}:${port || 5432}: ${(error as Error).message}. Check that the server runs there and that the database exists.`,
    );
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    executeSql: async (text, values) => {
      const result = await pool.query(text, values as unknown[] | undefined);
      // A multi-statement text answers an array of results; pg-boss reads the last one.
      const last = Array.isArray(result) ? result[result.length - 1] : result;
      return { rows: last?.rows ?? [] };
    },
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
    ping: async () => {
      await pool.query('select 1');
      return true;
    },
    close: () => pool.end(),
  };
}

/** Where the embedded database of a DATA_DIR keeps its files. */
export const pgliteDirectory = (dataDir: string) => path.join(dataDir, 'pglite');

/** Another live process has the embedded database of this DATA_DIR open. */
export class DataDirInUseError extends Error {}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes the DATA_DIR's embedded database for this process (`pglite.lock`, holding its pid): PGlite has one
 * user at a time, and a second process writing the same files corrupts them (a probe ran admin:create
 * beside a server on another PORT, and an index lost a row). A lock left by a process that is gone is taken
 * over. Answers the release.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DataDirInUseError(
          `The embedded database in ${dataDir} is in use by another Vigil process (pid ${holder}). It has one user at a time: stop that process, or use another DATA_DIR.`,
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirInUseError(
    `Could not take the embedded database in ${dataDir}: ${lockFile} keeps coming back.`,
  );
}

async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const release = dataDir ? lockDataDir(dataDir) : () => undefined;
  const client = dataDir ? new PGlite(pgliteDirectory(dataDir)) : new PGlite({ loadDataDir });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    executeSql: async (text, values) => {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results[results.length - 1]?.rows ?? [] };
      }
      const result = await client.query(text, values);
      return { rows: result.rows };
    },
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
      return true;
    },
    close: async () => {
      await client.close();
      release();
    },
  };
}
