// `npm run bench`, ingestion part (DESIGN 7): a vendor webhook through the real app (auth, adapter, device
// and pairing lookup, `record` with its alert evaluation and metrics refresh, the device's last-seen time, the
// commit) beside a bare Fastify webhook that parses JSON and does one INSERT, measured in the same run on
// the same PostgreSQL database. The load comes from a second process (autocannon), 10 connections for 10 s
// each, every request a distinct reading. Targets: at least 0.5x the bare throughput, p99 under 25 ms.
//
// Two runs of the app: one paired BodyTrace device (every request locks the same patient row, the worst
// case) and 50 devices of 50 patients (a gateway's realistic mix). Readings of one device are 6 hours
// apart, so each evaluation sees a patient's usual week (under 32 readings), not thousands. A reading more
// than a year old is refused (422), so a device's readings go back 350 days at most, then start again a
// minute later: the one-device run, some thousands of readings, lays a week's 28 again on each lap.
//
// PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else postgres://root@127.0.0.1:5432/test; a database is
// created for the run and dropped after. Without a reachable server the benchmark is skipped.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultCustomAlerts } from '@vigil/core';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { clinics, devices, patientDevices, patients } from '../src/db/schema/index.js';
import { refreshPatientMetrics } from '../src/features/patients/patient-metrics.service.js';
import { demoWebhookHeaders } from '../src/simulator/wire-formats.js';
import { benchServerUrl, createBenchDatabase, postgresReachable } from './bench-postgres.js';
import { fmt, type LoadResult, listen, measure } from './load.js';

const connections = 10;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = 2;
const targets = { ratio: 0.5, p99Ms: 25 };
/**
 * Each request is a distinct BodyTrace reading: devices in turn, each device's readings 6 hours apart going
 * back from `start` for 350 days (1,400 readings), then again from a minute before `start`, and so on.
 */
const readingBody = `
const imei = input.imeis[i % input.imeis.length];
const k = Math.floor(i / input.imeis.length);
const ts = input.start - (k % 1400) * 6 * 3600 * 1000 - Math.floor(k / 1400) * 60 * 1000;
return { body: JSON.stringify({ imei, ts, batteryVoltage: 5500, signalStrength: 80, values: { unit: 1, weight: 80000 + (i % 7) * 10, tare: 0 } }) };
`;

/** The baseline: parse the JSON body, one INSERT, answer. */
async function bareWebhook(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Dropping the bench database at the end ends its connections: an idle client's error is expected then.
  pool.on('error', () => undefined);
  await pool.query(
    'create table if not exists bench_bare (id bigserial primary key, imei text not null, ts bigint not null, payload jsonb not null)',
  );
  const app = Fastify();
  app.post('/webhook', async (req) => {
    const body = req.body as { imei: string; ts: number };
    await pool.query('insert into bench_bare (imei, ts, payload) values ($1, $2, $3)', [
      body.imei,
      body.ts,
      body,
    ]);
    return { stored: 1 };
  });
  app.addHook('onClose', () => pool.end());
  return app;
}

async function seedDevices(db: Awaited<ReturnType<typeof openDatabase>>['db'], count: number, now: Date) {
  const [clinic] = await db
    .insert(clinics)
    .values({
      name: `Bench Clinic ${count}`,
      address: '1 Main St',
      slug: `bench-${count}-${randomBytes(3).toString('hex')}`,
      customAlerts: [...defaultCustomAlerts],
    })
    .returning();
  const imeis: string[] = [];
  for (let i = 0; i < count; i++) {
    const [patient] = await db
      .insert(patients)
      .values({
        clinicId: clinic!.id,
        firstName: 'Bench',
        lastName: `Patient ${count}-${i}`,
        enrolled: true,
        everEnrolled: true,
        active: true,
        enrolledAt: new Date(now.getTime() - 365 * 86_400_000),
        diagnosis: 'Hypertension',
      })
      .returning();
    await refreshPatientMetrics(db, patient!.id, now);
    const imei = `35${String(count).padStart(3, '0')}${String(i).padStart(10, '0')}`;
    const [device] = await db
      .insert(devices)
      .values({ brand: 'BODYTRACE', serialNumber: imei, clinicId: clinic!.id, type: 'Scale' })
      .returning();
    await db.insert(patientDevices).values({
      clinicId: clinic!.id,
      patientId: patient!.id,
      deviceId: device!.id,
      pairedAt: now,
    });
    imeis.push(imei);
  }
  return imeis;
}

async function main() {
  if (!(await postgresReachable())) {
    console.info(`\nIngestion webhook: skipped, no PostgreSQL at ${new URL(benchServerUrl).host}`);
    return 0;
  }
  const benchDatabase = await createBenchDatabase();
  const url = benchDatabase.url;
  const database = await openDatabase({ databaseUrl: url });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-bench-'));
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
    databaseUrl: url,
    dataDir,
    webDist: '/nonexistent',
    jobs: false,
  };
  const app = await buildApp(config, { database });
  const bare = await bareWebhook(url);
  try {
    const now = new Date();
    const single = await seedDevices(database.db, 1, now);
    const many = await seedDevices(database.db, 50, now);
    const appUrl = `${await listen(app)}/api/webhooks/bodytrace`;
    const bareUrl = `${await listen(bare)}/webhook`;
    const auth = {
      authorization: demoWebhookHeaders.BODYTRACE.authorization!,
    };

    const start = now.getTime() - 3600 * 1000;
    const run = (target: string, headers: Record<string, string>, imeis: string[]) =>
      measure(
        {
          url: target,
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          seconds,
          connections,
          setup: readingBody,
          input: { imeis, start },
        },
        // The warm-up's readings fall between the measured ones (3 h off their 6 h grid): none is a duplicate.
        { seconds: warmupSeconds, input: { imeis, start: start - 3 * 3600 * 1000 } },
      );
    // The baseline runs before and after the app and counts as their mean: these machines are shared, and
    // their load drifts over a minute.
    const bareBefore = await run(bareUrl, {}, many);
    const one = await run(appUrl, auth, single);
    const fifty = await run(appUrl, auth, many);
    const bareAfter = await run(bareUrl, {}, many);
    const mean = (key: 'requestsPerSecond' | 'p50' | 'p99') => (bareBefore[key] + bareAfter[key]) / 2;
    const baseline = { requestsPerSecond: mean('requestsPerSecond'), p50: mean('p50'), p99: mean('p99') };

    const line = (label: string, r: Pick<LoadResult, 'requestsPerSecond' | 'p50' | 'p99'>, verdict = '') =>
      `${label.padEnd(20)} ${fmt(r.requestsPerSecond, 7)} ${fmt(r.p50, 7, 1)} ${fmt(r.p99, 7, 1)}${verdict}`;
    console.info(
      `\nIngestion webhook on PostgreSQL, ${connections} connections, ${seconds} s, each request a new reading`,
    );
    console.info(`${'server'.padEnd(20)}   req/s  p50 ms  p99 ms  ratio`);
    console.info(line('bare JSON + INSERT', baseline));
    let failed = false;
    for (const [label, r] of [
      ['app, 1 device', one],
      ['app, 50 devices', fifty],
    ] as const) {
      const ratio = r.requestsPerSecond / baseline.requestsPerSecond;
      const ok = ratio >= targets.ratio && r.p99 < targets.p99Ms;
      failed ||= !ok;
      const verdict = `${fmt(ratio, 7, 2)}  ${ok ? 'met' : 'MISSED'}`;
      console.info(line(label, r, verdict));
    }
    console.info(`targets: ratio >= ${targets.ratio}, p99 < ${targets.p99Ms} ms`);
    return failed ? 1 : 0;
  } finally {
    await app.close();
    await bare.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    await benchDatabase.drop();
  }
}

process.exitCode = await main();
