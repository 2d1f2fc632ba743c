// `npm run bench`, one-patient part (DESIGN 7): an authenticated GET of one patient through the real app
// (session check, tenancy scope, the patient with their assignment, the "Viewed patient" audit event)
// beside a bare Fastify route doing one primary-key SELECT of the same patients, measured in the same run on
// the same PostgreSQL database, with the demo clinics. Load from a second process (autocannon), 10
// connections. Target: at least 0.6x the bare throughput. The detail page's first paint
// (`/pacients/{id}/details`) is measured beside it for information.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { demoPassword } from '../src/db/seed/demo.js';
import { demoPatientId } from '../src/db/seed/demo-patients.js';
import { benchServerUrl, createBenchDatabase, postgresReachable } from './bench-postgres.js';
import { fmt, type LoadResult, listen, measure } from './load.js';

const connections = 10;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const target = 0.6;
/** Sunrise patients the staff account sees, requested in turn. */
const patientIds = Array.from({ length: 40 }, (_, i) => demoPatientId(1, i));

/** The baseline: one SELECT of a patient by primary key, answered as JSON. */
function bareRoute(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Dropping the bench database at the end ends its connections: an idle client's error is expected then.
  pool.on('error', () => undefined);
  const app = Fastify();
  app.get('/patients/:id', async (req) => {
    const { rows } = await pool.query('select * from patients where id = $1', [
      (req.params as { id: string }).id,
    ]);
    return { data: rows[0] };
  });
  app.addHook('onClose', () => pool.end());
  return app;
}

/** Requests cycle through the patients. */
const nextPatient = 'return { path: input.paths[i % input.paths.length] };';

async function main() {
  if (!(await postgresReachable())) {
    console.info(`\nOne patient GET: skipped, no PostgreSQL at ${new URL(benchServerUrl).host}`);
    return 0;
  }
  const benchDatabase = await createBenchDatabase();
  const database = await openDatabase({ databaseUrl: benchDatabase.url });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-bench-'));
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    databaseUrl: benchDatabase.url,
    dataDir,
    webDist: '/nonexistent',
    jobs: false,
  };
  const app = await buildApp(config, { database });
  const bare = bareRoute(benchDatabase.url);
  try {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: 'staff@sunrise.demo', password: demoPassword },
    });
    const { token } = signIn.json() as { token: string };
    const appBase = await listen(app);
    const bareBase = await listen(bare);
    const run = (base: string, pathOf: (id: string) => string, headers: Record<string, string>) =>
      measure(
        {
          url: `${base}${pathOf(patientIds[0]!)}`,
          method: 'GET',
          headers,
          seconds,
          connections,
          setup: nextPatient,
          input: { paths: patientIds.map(pathOf) },
        },
        {},
      );
    const auth = { authorization: `Bearer ${token}` };
    const barePath = (id: string) => `/patients/${id}`;
    const bareBefore = await run(bareBase, barePath, {});
    const form = await run(appBase, (id) => `/api/pacients/${id}`, auth);
    const details = await run(appBase, (id) => `/api/pacients/${id}/details`, auth);
    const bareAfter = await run(bareBase, barePath, {});
    const baseline = (bareBefore.requestsPerSecond + bareAfter.requestsPerSecond) / 2;

    console.info(`\nOne patient GET on PostgreSQL, ${connections} connections, ${seconds} s`);
    console.info(`${'server'.padEnd(26)}   req/s  p50 ms  p99 ms  ratio`);
    const line = (label: string, r: LoadResult, verdict = '') =>
      `${label.padEnd(26)} ${fmt(r.requestsPerSecond, 7)} ${fmt(r.p50, 7, 1)} ${fmt(r.p99, 7, 1)}${verdict}`;
    console.info(line('bare primary-key SELECT', { ...bareBefore, requestsPerSecond: baseline }));
    const ratio = form.requestsPerSecond / baseline;
    const ok = ratio >= target;
    console.info(line('GET /pacients/{id}', form, `${fmt(ratio, 7, 2)}  ${ok ? 'met' : 'MISSED'}`));
    console.info(
      line('GET /pacients/{id}/details', details, `${fmt(details.requestsPerSecond / baseline, 7, 2)}`),
    );
    console.info(`target: ratio >= ${target}`);
    return ok ? 0 : 1;
  } finally {
    await app.close();
    await bare.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    await benchDatabase.drop();
  }
}

process.exitCode = await main();
