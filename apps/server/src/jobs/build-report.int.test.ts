import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, reports } from '../db/schema/index.js';
import { createAuditService } from '../features/audit/audit.service.js';
import { createWorld, fixtureIds as ids, type World } from '../features/patients/patient-fixtures.js';
import { createMonitoringPdfRenderer } from '../features/reports/monitoring-report-pdf.js';
import {
  type BatchPdfRenderer,
  createReportBatchesService,
  reportFailureReasons,
} from '../features/reports/report-batches.service.js';
import { createLocalDiskStorage } from '../integrations/storage/local-disk.storage.js';
import { pdfPageTexts, pdfText } from '../test/pdf-text.js';
import { waitFor } from '../test/wait-for.js';
import { addMonitoredPatient } from './build-report.fixtures.js';
import {
  type BuildReportDeps,
  buildReportTry,
  reportJobGraceMs,
  reportMaxPendingMs,
  startBuildReports,
  sweepPendingReports,
} from './build-report.job.js';

/**
 * The monitoring batch job (decision 0013): a report ends done, with one PDF of its patients, or failed with
 * the reason, whatever happens to the process building it; a report left without a job is picked up.
 */
let w: World;
const db = () => w.t.app.vigil.database.db;
const bosses: PgBoss[] = [];

/** What the renderer of the running jobs does; a test swaps it. */
let renderNow: BatchPdfRenderer;
let renderCalls = 0;
const realRender = () => createMonitoringPdfRenderer({ db: db(), clock: w.t.clock });

/** The report service as app.ts builds it, with the app's storage and a renderer the test controls. */
function jobDeps(render: BatchPdfRenderer = (request) => renderNow(request)): BuildReportDeps {
  const reportService = createReportBatchesService({
    db: db(),
    clock: w.t.clock,
    audit: createAuditService({ clock: w.t.clock }),
    storage: createLocalDiskStorage(path.join(w.t.app.vigil.config.dataDir, 'uploads')),
    render: (request) => {
      renderCalls += 1;
      return render(request);
    },
    enqueue: () => undefined,
  });
  return { clock: w.t.clock, reports: reportService };
}

/** A queue of its own on the test's database, checking for expired tries every second. */
async function startBoss() {
  const { database, config } = w.t.app.vigil;
  const fast = { superviseIntervalSeconds: 1, monitorIntervalSeconds: 1 };
  const boss = config.databaseUrl
    ? new PgBoss({ connectionString: config.databaseUrl, max: 3, ...fast })
    : new PgBoss({ db: { executeSql: database.executeSql }, ...fast });
  boss.on('error', () => undefined);
  bosses.push(boss);
  await boss.start();
  return boss;
}
/** A try may run 4 seconds: long enough for these small PDFs, short enough to wait out a killed one. */
const queueOptions = { expireInSeconds: 4, retryDelay: 1 };

const reportRow = async (id: string) => (await db().select().from(reports).where(eq(reports.id, id)))[0]!;
const statusIs = (id: string, status: string) => async () => (await reportRow(id)).status === status;

async function generate(who: 'northStaff' | 'southPhysician', body: Record<string, unknown>) {
  const res = await w
    .as(who)
    .post('/api/reports/generate-batch', { month: 10, year: 2026, version: 'old', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id as string;
}
const northReport = () => generate('northStaff', { clinic: ids.north, physician: ids.northPhysician });

beforeAll(async () => {
  w = await createWorld();
  renderNow = realRender();
  await addMonitoredPatient(w, 'Rosa', 'Diaz', ids.northPhysician);
  await addMonitoredPatient(w, 'Sam', 'Lee', ids.northPhysician);
  await addMonitoredPatient(w, 'Olga', 'Other', ids.northPhysician2);
});
afterAll(async () => {
  for (const boss of bosses) await boss.stop({ graceful: false, close: true }).catch(() => undefined);
  await w.close();
});

describe('the monitoring batch job', () => {
  let send: (reportId: string) => Promise<void>;

  it('builds a report asked for while the jobs were off, once they start: one PDF of its patients', async () => {
    const id = await northReport();
    // Past the grace a request's own send has, the start-up sweep sends its job.
    await w.advance(reportJobGraceMs + 1_000);
    send = await startBuildReports(await startBoss(), jobDeps(), queueOptions);
    await waitFor(statusIs(id, 'done'));
    expect(await reportRow(id)).toMatchObject({ storageKey: `reports/${id}.pdf`, failureReason: null });

    const res = await w.as('northStaff').get(`/api/reports/batch?reportId=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      'inline; filename="Monitoring - North Clinic - physician Fixture - 2026-10.pdf"',
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Rosa Diaz');
    expect(text).toContain('Sam Lee');
    expect(text).not.toContain('Olga Other');
    // The Old Version: the readings only.
    expect(text).toContain('134/82');
    expect(text).not.toContain('Summary');

    const list = (await w.as('northStaff').get('/api/reports')).json().data;
    expect(list[0]).toMatchObject({ _id: id, status: 'done' });
    for (const who of ['southPhysician', 'northPhysician', 'circleAdmin'] as const)
      expect((await w.as(who).get(`/api/reports/batch?reportId=${id}`)).statusCode, who).toBe(404);

    const built = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'report.monitoring.built'), eq(auditEvents.entityId, id)));
    expect(built).toHaveLength(1);
    expect(built[0]!.details).toMatchObject({
      message:
        'Built the monitoring report Monitoring - North Clinic - physician Fixture - 2026-10.pdf (2 patients)',
      count: 2,
    });
    const downloads = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'patients.listed'), eq(auditEvents.entityId, 'monitoring-report')));
    expect(downloads).toHaveLength(1);
    expect(downloads[0]).toMatchObject({ actorUserId: ids.northStaff, clinicId: ids.north, patientId: null });
    expect(downloads[0]!.details).toMatchObject({
      message:
        'Downloaded the monitoring report Monitoring - North Clinic - physician Fixture - 2026-10.pdf (2 patients)',
      reportId: id,
      count: 2,
    });
  });

  it("prints each patient's New Version when asked for it: the summary and the chart beside the readings", async () => {
    const id = await generate('northStaff', {
      clinic: ids.north,
      physician: ids.northPhysician,
      version: 'new',
    });
    await send(id);
    await waitFor(statusIs(id, 'done'));
    const res = await w.as('northStaff').get(`/api/reports/batch?reportId=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const pages = await pdfPageTexts(res.rawPayload);
    // One report per patient, in name order, each with what only the New Version has.
    const reports = [pages.find((t) => t.includes('Rosa Diaz')), pages.find((t) => t.includes('Sam Lee'))];
    expect(pages.findIndex((t) => t.includes('Rosa Diaz'))).toBeLessThan(
      pages.findIndex((t) => t.includes('Sam Lee')),
    );
    for (const text of reports) {
      expect(text).toContain('Summary');
      expect(text).toContain('Days transmitted 2 of 31');
      expect(text).toContain('Blood Pressure and Heart Rate');
      expect(text).toContain('Systolic goal 100-130');
    }
    expect(reports[0]).toContain('134/82');
    expect(reports[1]).toContain('135/82');
  });

  it('covers every physician of the clinic when none is named', async () => {
    const id = await generate('northStaff', { clinic: ids.north });
    await send(id);
    await waitFor(statusIs(id, 'done'));
    const res = await w.as('northStaff').get(`/api/reports/batch?reportId=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      'filename="Monitoring - North Clinic - All physicians - 2026-10.pdf"',
    );
    const text = await pdfText(res.rawPayload);
    // Olga Other is physician2's, the others physician's: name order across both.
    const order = ['Olga Other', 'Rosa Diaz', 'Sam Lee'].map((name) => text.indexOf(name));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect((await reportRow(id)).physicianId).toBeNull();
  });

  it('fails a report with no patient in it at once, with the reason', async () => {
    const id = await generate('southPhysician', { physician: ids.southPhysician });
    const calls = renderCalls;
    await send(id);
    await waitFor(statusIs(id, 'failed'));
    expect((await reportRow(id)).failureReason).toBe(
      'There are no enrolled patients of physician Fixture at South Clinic.',
    );
    expect(renderCalls).toBe(calls);
    const res = await w.as('southPhysician').get('/api/reports');
    expect(res.json().data[0]).toMatchObject({
      _id: id,
      status: 'failed',
      failureReason: expect.any(String),
    });
  });

  it('retries a PDF that could not be made, then fails the report with the reason after the last try', async () => {
    renderNow = async () => {
      throw new Error('font table corrupt at offset 0x2f');
    };
    try {
      const id = await northReport();
      const calls = renderCalls;
      await send(id);
      await waitFor(statusIs(id, 'failed'));
      expect(renderCalls - calls).toBe(3);
      expect((await reportRow(id)).failureReason).toBe(reportFailureReasons.render);
      const res = await w.as('northStaff').get(`/api/reports/batch?reportId=${id}`);
      expect(res.statusCode).toBe(409);
    } finally {
      renderNow = realRender();
    }
  });

  it('keeps a report pending after a failed try that is not the last, and a done one done', async () => {
    const id = await northReport();
    const failing = jobDeps(async () => {
      throw new Error('out of memory');
    });
    await expect(buildReportTry(failing, id, false)).rejects.toThrow();
    expect((await reportRow(id)).status).toBe('pending');
    await buildReportTry(jobDeps(realRender()), id, false);
    expect((await reportRow(id)).status).toBe('done');
    await expect(buildReportTry(failing, id, true)).resolves.toBeUndefined();
    expect((await reportRow(id)).status).toBe('done');
  });
});

/** The pg-boss jobs of a report: how many tries each had, and how it ended. */
async function jobsOf(reportId: string) {
  const { rows } = await w.t.app.vigil.database.executeSql(
    `select state, retry_count as "retryCount" from pgboss.job where singleton_key = '${reportId}'`,
  );
  return rows as { state: string; retryCount: number }[];
}

/**
 * The report's jobs once none is still running: pg-boss marks a try completed only after it has returned,
 * a moment after the report it built shows done.
 */
async function settledJobsOf(reportId: string) {
  await waitFor(async () => (await jobsOf(reportId)).every((j) => j.state !== 'active'));
  return jobsOf(reportId);
}

describe('a build stopped mid-way', () => {
  it('is retried when the server shuts down during it, and the report ends done', async () => {
    for (const boss of bosses.splice(0)) await boss.stop({ graceful: false, close: true });
    let release: (pdf: Buffer) => void = () => undefined;
    let started = false;
    const hanging = jobDeps(() => {
      started = true;
      return new Promise<Buffer>((resolve) => {
        release = resolve;
      });
    });
    const first = await startBoss();
    const sendFirst = await startBuildReports(first, hanging, queueOptions);
    const id = await northReport();
    await sendFirst(id);
    await waitFor(async () => started);
    // The server shuts down without waiting for the try: pg-boss fails it, to be retried.
    await first.stop({ graceful: false, close: true });

    // The server starts again and retries it.
    await startBuildReports(await startBoss(), jobDeps(realRender()), queueOptions);
    await waitFor(statusIs(id, 'done'));
    const done = await reportRow(id);
    expect(await settledJobsOf(id)).toEqual([{ state: 'completed', retryCount: 1 }]);

    // The first try, if it ever finishes, changes nothing.
    release(Buffer.from('%PDF-1.4 stale'));
    await new Promise((r) => setTimeout(r, 500));
    expect(await reportRow(id)).toEqual(done);
    const built = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'report.monitoring.built'), eq(auditEvents.entityId, id)));
    expect(built).toHaveLength(1);
  }, 60_000);

  it('is retried when its process dies and the try expires, and the report ends done', async () => {
    for (const boss of bosses.splice(0)) await boss.stop({ graceful: false, close: true });
    // A try that never returns is what a killed process leaves in the queue: active, with no one to end it.
    let tries = 0;
    const killedOnce = jobDeps((request) => {
      tries += 1;
      return tries === 1 ? new Promise<Buffer>(() => undefined) : realRender()(request);
    });
    const send = await startBuildReports(await startBoss(), killedOnce, queueOptions);
    const id = await northReport();
    await send(id);
    await waitFor(statusIs(id, 'done'));
    expect(tries).toBe(2);
    expect(await settledJobsOf(id)).toEqual([{ state: 'completed', retryCount: 1 }]);
  }, 60_000);
});

describe('the sweep of pending reports', () => {
  it('sends the jobs of reports pending past the grace, and fails those pending past any job', async () => {
    const fresh = await northReport();
    await w.advance(reportJobGraceMs + 1_000);
    const waiting = await northReport();
    const sent: string[] = [];
    const deps = jobDeps();
    await sweepPendingReports(deps, async (id) => {
      sent.push(id);
    });
    expect(sent).toContain(fresh);
    expect(sent).not.toContain(waiting);

    // Just short of the limit for the later report, just past it for the first.
    for (let ms = 20 * 60_000; ms < reportMaxPendingMs; ms += 20 * 60_000) await w.advance(20 * 60_000);
    await w.advance(19 * 60_000);
    sent.length = 0;
    await sweepPendingReports(deps, async (id) => {
      sent.push(id);
    });
    expect(await reportRow(fresh)).toMatchObject({
      status: 'failed',
      failureReason: reportFailureReasons.tooLong,
    });
    expect((await reportRow(waiting)).status).toBe('pending');
    expect(sent).toEqual([waiting]);
  });
});
