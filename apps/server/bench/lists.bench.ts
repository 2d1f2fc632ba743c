// `npm run bench`, lists part (DESIGN 7): the p95 of a priority-list and a clinician-list page through the
// real app (routing, auth, tenancy scope, filters, the page and the ordered ids), beside a bare query of the
// same page (one indexed SELECT of 25 rows) measured in the same run, for a clinic of 1,000 and of 10,000
// patients with 90 days of readings on PostgreSQL, and of 1,000 on PGlite.
//
// PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else postgres://root@127.0.0.1:5432/test; a database is
// created for each case and dropped after. Without a reachable server the PostgreSQL cases are skipped.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { demoPassword } from '../src/db/seed/demo.js';
import { seedScaleClinic } from '../src/db/seed/scale.js';
import { benchServerUrl, createBenchDatabase, postgresReachable } from './bench-postgres.js';

interface Case {
  kind: 'postgres' | 'pglite';
  patients: number;
  /** p95 target of a list page, in ms (DESIGN 7). */
  targetMs: number;
}

const cases: Case[] = [
  { kind: 'postgres', patients: 1_000, targetMs: 50 },
  { kind: 'postgres', patients: 10_000, targetMs: 200 },
  { kind: 'pglite', patients: 1_000, targetMs: 100 },
];
const warmup = 30;
const samples = 300;
async function openCaseDatabase(kind: Case['kind']): Promise<{ database: Database; drop(): Promise<void> }> {
  if (kind === 'pglite') return { database: await openDatabase({}), drop: async () => undefined };
  const { url, drop } = await createBenchDatabase();
  return { database: await openDatabase({ databaseUrl: url }), drop };
}

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
};

async function timed(run: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

async function runCase(c: Case) {
  const { database, drop } = await openCaseDatabase(c.kind);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-bench-'));
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
    dataDir,
    webDist: '/nonexistent',
    jobs: false,
  };
  const app: FastifyInstance = await buildApp(config, { database });
  try {
    const loadStart = performance.now();
    const clinic = await seedScaleClinic(database.db, { patients: c.patients, days: 90, seed: 7 });
    const loadSeconds = (performance.now() - loadStart) / 1000;

    // A physician's morning view: their own patients (the role default of the filter dialog), 25 a page.
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: clinic.emails.physician, password: demoPassword },
    });
    const { token, user } = signIn.json() as { token: string; user: { _id?: string; id?: string } };
    const physicianId = user._id ?? user.id ?? '';
    const headers = { authorization: `Bearer ${token}` };
    const pages = Math.ceil(c.patients / 25);
    const list = (route: string, page: number) => async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/pacients/${route}?page=${page}&pageSize=25&selectedPhysicians=${physicianId}`,
        headers,
      });
      if (res.statusCode !== 200) throw new Error(`${route}: ${res.statusCode} ${res.body}`);
    };
    const bare = (page: number) => async () => {
      await database.executeSql(
        `select p.*, m.* from patients p join patient_metrics m on m.patient_id = p.id
         where p.clinic_id = $1 order by m.priority_score, p.id limit 25 offset $2`,
        [clinic.clinicId, page * 25],
      );
    };

    const times = { bare: [] as number[], priority: [] as number[], clinician: [] as number[] };
    for (let i = 0; i < warmup + samples; i++) {
      const page = (i * 7) % pages;
      // Interleaved, so that whatever else the machine does weighs on all three alike.
      const b = await timed(bare(page));
      const p = await timed(list('patient-priority-list', page));
      const cl = await timed(list('clinician-patient-list', page));
      if (i < warmup) continue;
      times.bare.push(b);
      times.priority.push(p);
      times.clinician.push(cl);
    }
    return {
      loadSeconds,
      bare: p95(times.bare),
      priority: p95(times.priority),
      clinician: p95(times.clinician),
    };
  } finally {
    await app.close();
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const reachable = await postgresReachable();
console.info('\nList page p95 (ms), 25 patients a page, 90 days of readings per patient');
console.info('database    patients  load(s)  bare query  priority list  clinician list  target  verdict');
let failed = false;
for (const c of cases) {
  const label = `${c.kind.padEnd(10)}  ${String(c.patients).padStart(8)}`;
  if (c.kind === 'postgres' && !reachable) {
    console.info(`${label}  skipped: no PostgreSQL at ${new URL(benchServerUrl).host}`);
    continue;
  }
  const r = await runCase(c);
  const worst = Math.max(r.priority, r.clinician);
  const ok = worst <= c.targetMs;
  failed ||= !ok;
  console.info(
    `${label}  ${r.loadSeconds.toFixed(0).padStart(7)}  ${r.bare.toFixed(1).padStart(10)}  ${r.priority
      .toFixed(1)
      .padStart(13)}  ${r.clinician.toFixed(1).padStart(14)}  ${String(c.targetMs).padStart(6)}  ${
      ok ? 'met' : 'MISSED'
    } (${(worst / r.bare).toFixed(1)}x bare)`,
  );
}
process.exitCode = failed ? 1 : 0;
