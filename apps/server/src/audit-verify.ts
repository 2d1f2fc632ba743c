// `npm run audit:verify`: walks the audit chain of the configured database (DATABASE_URL, else the embedded
// database in DATA_DIR) and reports the first event that was altered, removed or reordered (decision 0012).
// `--head <seq>:<hash>` also checks that a head printed by an earlier run is still in the chain unchanged.
// Exit status 0 when the chain is intact, 1 when it is broken, 2 when it could not be checked.
// It only reads: no migrations, no embedded database created where there is none, and its sessions are
// read-only, so checking a database can never change it (a database without the chain is reported, not built).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { embeddedDatabaseBusy, runCommand } from './cli.js';
import { type Config, loadConfig } from './config.js';
import { type Database, openDatabase, pgliteDirectory } from './db/client.js';
import { missingAuditChain, verifyAuditChain } from './features/audit/audit-chain.js';

const readOnly = '-c default_transaction_read_only=on';

function parseHead(value: string | undefined): { seq: number; hash: string } | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+):([0-9a-f]{64})$/.exec(value.trim());
  if (!match) throw new Error('--head takes <seq>:<hash> as printed by an earlier run');
  return { seq: Number(match[1]), hash: match[2]! };
}

/**
 * PostgreSQL with every pooled session read-only (libpq's `options`, kept with any the URL has); PGlite,
 * one session, set read-only once. PGlite would create a new database where there is none: null then, for
 * the caller to report.
 */
async function openReadOnly(config: Config): Promise<Database | null> {
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    url.searchParams.set('options', [url.searchParams.get('options'), readOnly].filter(Boolean).join(' '));
    return openDatabase({ databaseUrl: url.toString() });
  }
  if (!fs.existsSync(path.join(pgliteDirectory(config.dataDir), 'PG_VERSION'))) return null;
  const database = await openDatabase({ dataDir: config.dataDir });
  await database.executeSql('set default_transaction_read_only = on');
  return database;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { head: { type: 'string' } } });
  const anchor = parseHead(values.head);
  const config = loadConfig(process.env);
  if (await embeddedDatabaseBusy(config, 'audit:verify')) return 2;
  const database = await openReadOnly(config);
  if (!database) {
    console.error(
      `There is no embedded database in ${path.resolve(pgliteDirectory(config.dataDir))}: set DATA_DIR to the server's, or DATABASE_URL. Nothing was checked.`,
    );
    return 2;
  }
  try {
    const missing = await missingAuditChain(database);
    if (missing.length > 0) {
      console.error(
        `This database has no audit chain (${missing.join(', ')} missing): it is not a Vigil database, or the server has never started on it (the server migrates it, audit:verify only reads). Nothing was checked.`,
      );
      return 2;
    }
    const result = await verifyAuditChain(database, { anchor });
    console.info(`Checked ${result.events} audit events.`);
    console.info(`Head: ${result.head.seq}:${result.head.hash || '(empty chain)'}`);
    if (result.pending > 0) {
      console.info(
        `${result.pending} newer event(s) are not sealed yet: a running server seals new events within a second, a stopped one when it starts. They are checked from then on.`,
      );
    }
    if (!result.break) {
      console.info('The audit chain is intact: no event was altered, removed or reordered.');
      return 0;
    }
    console.error(`The audit chain is broken (${result.break.kind}). ${result.break.message}`);
    return 1;
  } finally {
    await database.close();
  }
}

runCommand(main, 'audit:verify could not check the chain');
