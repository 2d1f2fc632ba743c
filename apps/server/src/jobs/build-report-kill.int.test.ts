import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { and, eq } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, reports } from '../db/schema/index.js';
import { createAuditService } from '../features/audit/audit.service.js';
import { createWorld, fixtureIds as ids, type World } from '../features/patients/patient-fixtures.js';
import { createMonitoringPdfRenderer } from '../features/reports/monitoring-report-pdf.js';
import { createReportBatchesService } from '../features/reports/report-batches.service.js';
import { createLocalDiskStorage } from '../integrations/storage/local-disk.storage.js';
import { pdfText } from '../test/pdf-text.js';
import { onPostgres } from '../test/test-app.js';
import { waitFor } from '../test/wait-for.js';
import { addMonitoredPatient } from './build-report.fixtures.js';
import { type BuildReportQueueOptions, startBuildReports } from './build-report.job.js';

/**
 * A batch whose builder process is killed mid-build (issue 12; decision 0013): a second process, started as
 * app.ts starts the job, claims the try and is SIGKILLed while it makes the PDF; its claim's heartbeat
 * stops, pg-boss fails the try, and a worker here retries it: the report ends done, built once.
 *
 * PostgreSQL only: PGlite is a database inside one process, which a second process cannot open.
 */

/**
 * A heartbeat of 10 s (pg-boss's least) and a 10 minutes' expiry: the killed try comes back through its
 * stopped heartbeat, well inside the test's time, never through the expiry. Production keeps its defaults.
 */
const queueOptions: BuildReportQueueOptions = { heartbeatSeconds: 10, expireInSeconds: 600, retryDelay: 1 };

let w: World;
const db = () => w.t.app.vigil.database.db;
let child: ChildProcess | undefined;
let boss: PgBoss | undefined;

/** The report's pg-boss job: its state, and how many tries came before this one. */
async function jobOf(reportId: string) {
  const { rows } = await w.t.app.vigil.database.executeSql(
    'select state, retry_count as "retryCount" from pgboss.job where singleton_key = $1',
    [reportId],
  );
  return rows as { state: string; retryCount: number }[];
}
const reportRow = async (id: string) => (await db().select().from(reports).where(eq(reports.id, id)))[0]!;

/** Starts the builder process; answers once it says `line` (and whatever it printed before). */
function startChild(input: object, line: string): Promise<ChildProcess> {
  const script = path.join(import.meta.dirname, '../test/build-report-worker.ts');
  const proc = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(input)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  let stderr = '';
  proc.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    proc.on('exit', (code, signal) =>
      reject(new Error(`the builder process ended (${code ?? signal}) before '${line}': ${stderr}`)),
    );
    createInterface({ input: proc.stdout! }).on('line', (text) => {
      if (text.startsWith(line)) resolve(proc);
    });
  });
}

describe.skipIf(!onPostgres)('a batch whose builder process is killed mid-build (PostgreSQL only)', () => {
  beforeAll(async () => {
    w = await createWorld();
    await addMonitoredPatient(w, 'Rosa', 'Diaz');
    await addMonitoredPatient(w, 'Sam', 'Lee');
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await boss?.stop({ graceful: false, close: true }).catch(() => undefined);
    await w?.close();
  });

  it('is retried by another worker once its heartbeat stops, and the report ends done', async () => {
    const res = await w.as('northStaff').post('/api/reports/generate-batch', {
      month: 10,
      year: 2026,
      version: 'old',
      clinic: ids.north,
      physician: ids.northPhysician,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data._id as string;
    const { config } = w.t.app.vigil;

    // The other process sends the report's job, claims it and starts the PDF.
    const input = {
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      reportId: id,
      now: w.t.clock.now().toISOString(),
      queue: queueOptions,
    };
    const building = startChild(input, 'building');
    const proc = await building;
    expect(await jobOf(id)).toEqual([{ state: 'active', retryCount: 0 }]);

    // A live builder keeps its claim past the heartbeat's 10 s, however long the PDF takes.
    boss = new PgBoss({
      connectionString: config.databaseUrl!,
      max: 3,
      superviseIntervalSeconds: 1,
      monitorIntervalSeconds: 1,
    });
    boss.on('error', () => undefined);
    await boss.start();
    await new Promise((r) => setTimeout(r, 12_000));
    expect(await jobOf(id)).toEqual([{ state: 'active', retryCount: 0 }]);
    expect((await reportRow(id)).status).toBe('pending');

    // Killed mid-build: no shutdown, no failure written, the claim simply stops being refreshed.
    const exited = new Promise<NodeJS.Signals | null>((resolve) => proc.once('exit', (_, s) => resolve(s)));
    proc.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect((await reportRow(id)).status).toBe('pending');

    // A worker here, as a restarted server's, retries the try and builds the report.
    const reportService = createReportBatchesService({
      db: db(),
      clock: w.t.clock,
      audit: createAuditService({ clock: w.t.clock }),
      storage: createLocalDiskStorage(path.join(config.dataDir, 'uploads')),
      render: createMonitoringPdfRenderer({ db: db(), clock: w.t.clock }),
      enqueue: () => undefined,
    });
    await startBuildReports(boss, { clock: w.t.clock, reports: reportService }, queueOptions);
    await waitFor(async () => (await reportRow(id)).status === 'done', 45_000);
    expect(await jobOf(id)).toEqual([{ state: 'completed', retryCount: 1 }]);
    expect(await reportRow(id)).toMatchObject({ storageKey: `reports/${id}.pdf`, failureReason: null });

    const file = await w.as('northStaff').get(`/api/reports/batch?reportId=${id}`);
    expect(file.statusCode, file.body).toBe(200);
    const text = await pdfText(file.rawPayload);
    expect(text).toContain('Rosa Diaz');
    expect(text).toContain('Sam Lee');
    const built = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'report.monitoring.built'), eq(auditEvents.entityId, id)));
    expect(built).toHaveLength(1);
  }, 90_000);
});
