// `npm run audit:verify`: walks the audit chain of the configured database (DATABASE_URL, else the embedded
// database in DATA_DIR) and reports the first event that was altered, removed or reordered (decision 0012).
// `--head <seq>:<hash>` also checks that a head printed by an earlier run is still in the chain unchanged.
// Exit status 0 when the chain is intact, 1 when it is broken, 2 when it could not be checked.
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { verifyAuditChain } from './features/audit/audit-chain.js';

async function embeddedDatabaseInUse(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

function parseHead(value: string | undefined): { seq: number; hash: string } | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+):([0-9a-f]{64})$/.exec(value.trim());
  if (!match) throw new Error('--head takes <seq>:<hash> as printed by an earlier run');
  return { seq: Number(match[1]), hash: match[2]! };
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { head: { type: 'string' } } });
  const anchor = parseHead(values.head);
  const config = loadConfig(process.env);
  if (!config.databaseUrl && (await embeddedDatabaseInUse(config.port))) {
    console.error(
      `A Vigil server answers on port ${config.port}. The embedded database has one user at a time: stop the server, then run audit:verify again.`,
    );
    return 2;
  }
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const result = await verifyAuditChain(database, { anchor });
    console.info(`Checked ${result.events} audit events.`);
    console.info(`Head: ${result.head.seq}:${result.head.hash || '(empty chain)'}`);
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

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      `audit:verify could not check the chain: ${error instanceof Error ? error.message : error}`,
    );
    process.exit(2);
  },
);
