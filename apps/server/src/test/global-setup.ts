import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder } from '../db/client.js';
import { onPostgresServer } from './pg-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of an empty, migrated PGlite database; each API test file starts from a copy of it. */
    pgliteTemplate: string;
    /** On PostgreSQL, the migrated database each test file's database is created from. */
    postgresTemplate: string;
  }
}

/**
 * Once per run of the API suite: initdb and the migrations take about 3 s on PGlite, loading their dump about
 * 0.5 s; on PostgreSQL, copying a migrated template database is quicker than migrating. Every test file
 * still opens a fresh database of its own.
 */
export default async function setup(project: TestProject) {
  const directory = mkdtempSync(path.join(tmpdir(), 'vigil-template-'));
  const file = path.join(directory, 'migrated.tar');
  const serverUrl = process.env.DATABASE_URL;
  const template = `vigil_template_${randomBytes(6).toString('hex')}`;
  if (serverUrl) {
    await onPostgresServer(serverUrl, `create database ${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    await migratePg(drizzlePg(pool), { migrationsFolder });
    await pool.end();
  } else {
    const client = new PGlite();
    await migrate(drizzle(client), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await client.close();
  }
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', template);
  return async () => {
    rmSync(directory, { recursive: true, force: true });
    if (serverUrl) await onPostgresServer(serverUrl, `drop database if exists ${template} with (force)`);
  };
}
