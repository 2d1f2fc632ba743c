// The PostgreSQL the benchmarks run on: BENCH_DATABASE_URL, else DATABASE_URL, else the CI machine's; each
// case gets a database of its own, created for it and dropped after.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const benchServerUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: benchServerUrl, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function onServer(sql: string) {
  const client = new pg.Client({ connectionString: benchServerUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The databases made and not dropped yet: an interrupted run drops them on its way out. */
const undropped = new Set<string>();
const dropDatabase = async (name: string) => {
  await onServer(`drop database if exists ${name} with (force)`);
  undropped.delete(name);
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // The queries the drop cuts off fail on their way out: that is the interruption, not news.
    process.on('unhandledRejection', () => undefined);
    process.on('uncaughtException', () => undefined);
    void Promise.allSettled([...undropped].map(dropDatabase)).then(() => {
      console.info('Interrupted: the benchmark databases are dropped.');
      process.exit(130);
    });
  });
}

/** A new, empty database on the benchmark server: its URL, and how to drop it. */
export async function createBenchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `vigil_bench_${randomBytes(6).toString('hex')}`;
  await onServer(`create database ${name}`);
  undropped.add(name);
  const url = new URL(benchServerUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(name) };
}
