import path from 'node:path';
import { PgBoss } from 'pg-boss';
import { openDatabase } from '../db/client.js';
import { createAuditService } from '../features/audit/audit.service.js';
import { createReportBatchesService } from '../features/reports/report-batches.service.js';
import { createLocalDiskStorage } from '../integrations/storage/local-disk.storage.js';
import { type BuildReportQueueOptions, startBuildReports } from '../jobs/build-report.job.js';

/**
 * A report builder in a process of its own, for the test that kills one mid-build
 * (jobs/build-report-kill.int.test.ts): started as app.ts starts it, on the test's PostgreSQL database, it
 * sends the job of one report, says `building` on stdout once its try has begun the PDF, and then never
 * finishes that PDF, so the test can SIGKILL it with the try in hand.
 *
 * argv: a JSON object { databaseUrl, dataDir, reportId, now (the test clock's ISO instant), queue }.
 */
const input = JSON.parse(process.argv[2] ?? '{}') as {
  databaseUrl: string;
  dataDir: string;
  reportId: string;
  now: string;
  queue: BuildReportQueueOptions;
};

const database = await openDatabase({ databaseUrl: input.databaseUrl });
const clock = { now: () => new Date(input.now) };
const reports = createReportBatchesService({
  db: database.db,
  clock,
  audit: createAuditService({ clock }),
  storage: createLocalDiskStorage(path.join(input.dataDir, 'uploads')),
  render: ({ patientIds }) => {
    process.stdout.write(`building ${patientIds.length}\n`);
    return new Promise<Buffer>(() => undefined);
  },
  enqueue: () => undefined,
});
const boss = new PgBoss({ connectionString: input.databaseUrl, max: 2 });
boss.on('error', (error) => process.stderr.write(`job queue error: ${String(error)}\n`));
await boss.start();
const send = await startBuildReports(boss, { clock, reports }, input.queue);
await send(input.reportId);
process.stdout.write('ready\n');
