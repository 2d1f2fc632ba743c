import { and, eq } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, monthlyReportEmails, outbox } from '../db/schema/index.js';
import { createOutboxService } from '../features/outbox/outbox.service.js';
import {
  addSouthPatient,
  createWorld,
  southPatientBody,
  type World,
} from '../features/patients/patient-fixtures.js';
import { addReportPatient } from '../features/reports/patient-report-fixtures.js';
import type { EmailMessage } from '../integrations/email/email-provider.js';
import { createLocalDiskStorage } from '../integrations/storage/local-disk.storage.js';
import type { FileStorage } from '../integrations/storage/storage.js';
import { pdfText } from '../test/pdf-text.js';
import { createTestApp, outboxFor, type TestApp } from '../test/test-app.js';
import { waitFor } from '../test/wait-for.js';
import { deliverOutboxMessage } from './deliver-outbox.job.js';
import {
  type MonthlyReportEmailDeps,
  monthlyReportEmailQueue,
  previousMonth,
  sendMonthlyReportEmails,
} from './monthly-report-email.job.js';

let w: World;
const p = { rosa: '', noMonthly: '', noEmailConsent: '', unenrolled: '', noAddress: '', south: '' };
const db = () => w.t.app.vigil.database.db;
let storage: FileStorage;
let deps: MonthlyReportEmailDeps;
const rosaEmail = 'rosa.report@example.test';

/** Moves the test clock to an instant (forward only). */
const moveTo = (iso: string) => w.t.clock.advance(new Date(iso).getTime() - w.t.clock.now().getTime());

beforeAll(async () => {
  w = await createWorld();
  p.rosa = await addReportPatient(w, { firstName: 'Rosa', lastName: 'Diaz' });
  p.noMonthly = await addReportPatient(w, {
    firstName: 'Milo',
    preferences: { textConsent: 'Yes', emailConsent: 'Yes', monthlyReportConsent: 'No' },
  });
  p.noEmailConsent = await addReportPatient(w, {
    firstName: 'Nora',
    preferences: { textConsent: 'Yes', emailConsent: 'No', monthlyReportConsent: 'No' },
  });
  p.unenrolled = await addReportPatient(w, { firstName: 'Uma', enrolled: false });
  p.noAddress = await addReportPatient(w, { firstName: 'Abel', email: '' });
  p.south = await addSouthPatient(w);
  // The South patient agreed too, with an address of their own.
  const south = southPatientBody({
    email: 'sol.report@example.test',
    preferences: { textConsent: 'Yes', emailConsent: 'Yes', monthlyReportConsent: 'Yes' },
  });
  const edited = await w.as('southPhysician').put(`/api/pacients/${p.south}`, south);
  expect(edited.statusCode, edited.body).toBe(200);

  await w.t.app.vigil.readings.recordMany([
    {
      patientId: p.rosa,
      takenAt: new Date('2026-11-10T16:00:00Z'),
      systolic: 133,
      diastolic: 84,
      heartRate: 70,
      source: 'MANUAL',
    },
    {
      patientId: p.rosa,
      takenAt: new Date('2026-11-20T16:00:00Z'),
      systolic: 127,
      diastolic: 79,
      heartRate: 66,
      source: 'MANUAL',
    },
  ]);
  storage = createLocalDiskStorage(`${w.t.app.vigil.config.dataDir}/uploads`);
  deps = {
    db: db(),
    clock: w.t.clock,
    outbox: createOutboxService({ db: db(), clock: w.t.clock, schedule: () => undefined }),
    storage,
  };
});
afterAll(() => w.close());

const claims = () => db().select().from(monthlyReportEmails);

describe('previousMonth', () => {
  it('is the month before today on the clinic’s calendar', () => {
    expect(previousMonth(new Date('2027-01-01T12:00:00Z'), 'America/Los_Angeles')).toEqual({
      month: 12,
      year: 2026,
    });
    // 11:59 pm on November 30 in Los Angeles: still November there, so the month before is October.
    expect(previousMonth(new Date('2026-12-01T07:59:00Z'), 'America/Los_Angeles')).toEqual({
      month: 10,
      year: 2026,
    });
    expect(previousMonth(new Date('2026-12-01T07:59:00Z'), 'America/New_York')).toEqual({
      month: 11,
      year: 2026,
    });
  });
});

describe('the monthly report email job', () => {
  it('leaves nothing claimed when a run fails, so the next run sends', async () => {
    moveTo('2026-12-01T12:00:00Z');
    const failing: FileStorage = {
      put: async () => {
        throw new Error('disk full');
      },
      get: storage.get,
    };
    await expect(sendMonthlyReportEmails({ ...deps, storage: failing })).rejects.toThrow(
      '2 monthly report emails failed; 0 sent',
    );
    expect(await claims()).toHaveLength(0);
    expect(await outboxFor(w.t.app, rosaEmail)).toHaveLength(0);
  });

  it('on the 1st emails the previous month’s New Version report to each patient who asked, once', async () => {
    expect(await sendMonthlyReportEmails(deps)).toEqual({ sent: 2 });
    // A second run (a restart, the catch-up run of the 2nd) sends nothing again.
    expect(await sendMonthlyReportEmails(deps)).toEqual({ sent: 0 });

    const rows = await claims();
    expect(rows.map((r) => r.patientId).sort()).toEqual([p.rosa, p.south].sort());
    expect(rows.every((r) => r.month === 11 && r.year === 2026 && r.outboxId)).toBe(true);

    const emails = await outboxFor(w.t.app, rosaEmail);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      subject: 'Your Blood Pressure Report for November 2026',
      attachments: [
        { fileName: 'Blood Pressure Report - Rosa Diaz - 2026-11.pdf', contentType: 'application/pdf' },
      ],
    });
    expect(await outboxFor(w.t.app, 'sol.report@example.test')).toHaveLength(1);
    for (const skipped of ['milo', 'nora', 'uma']) {
      expect(await outboxFor(w.t.app, `${skipped}.report@example.test`)).toHaveLength(0);
    }

    const events = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, p.rosa), eq(auditEvents.action, 'report.emailed')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorUserId: null,
      details: expect.objectContaining({
        message:
          'Emailed the Blood Pressure report for 11/2026 (New Version) to the patient (monthly report)',
      }),
    });
  });

  it('attaches the report itself: the patient, the month, the readings and the summary', async () => {
    const [row] = await db().select().from(outbox).where(eq(outbox.to, rosaEmail));
    const sent: EmailMessage[] = [];
    await deliverOutboxMessage(
      {
        ...deps,
        sms: {
          name: 'unused',
          send: async () => ({ providerId: 'x' }),
          provisionNumber: async () => '',
          releaseNumber: async () => undefined,
        },
        email: {
          name: 'capture',
          send: async (m: EmailMessage) => {
            sent.push(m);
            return { providerId: 'captured' };
          },
        },
      },
      row!.id,
      false,
    );
    const text = await pdfText(sent[0]!.attachments![0]!.content);
    for (const expected of [
      'Rosa Diaz',
      'November 2026',
      '133/84',
      '127/79',
      'Summary',
      'Days transmitted 2 of 30',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('sends each month once even when two runs race', async () => {
    moveTo('2027-01-01T12:00:00Z');
    const results = await Promise.all([sendMonthlyReportEmails(deps), sendMonthlyReportEmails(deps)]);
    expect(results[0]!.sent + results[1]!.sent).toBe(2);
    const emails = await outboxFor(w.t.app, rosaEmail);
    expect(emails.map((e) => e.subject)).toEqual([
      'Your Blood Pressure Report for December 2026',
      'Your Blood Pressure Report for November 2026',
    ]);
    expect(await claims()).toHaveLength(4);
  });
});

describe('the monthly report email in the running app', () => {
  let t: TestApp;
  let boss: PgBoss | undefined;
  beforeAll(async () => {
    // Started as main.ts starts it: the jobs on, on the test's database.
    t = await createTestApp({ jobs: true, env: { SEED_DEMO: 'false' } });
  });
  afterAll(async () => {
    await boss?.stop({ graceful: false, close: true }).catch(() => undefined);
    await t.close();
  });
  const sql = async <Row>(text: string, values?: unknown[]) =>
    (await t.app.vigil.database.executeSql(text, values)).rows as Row[];

  it('is scheduled at noon UTC on the 1st to the 3rd, and its queue is worked', async () => {
    expect(
      await sql('select cron, timezone from pgboss.schedule where name = $1', [monthlyReportEmailQueue]),
    ).toEqual([{ cron: '0 12 1-3 * *', timezone: 'UTC' }]);
    expect(
      await sql('select policy, retry_limit as "retryLimit" from pgboss.queue where name = $1', [
        monthlyReportEmailQueue,
      ]),
    ).toEqual([{ policy: 'singleton', retryLimit: 3 }]);

    // What the schedule sends on the 1st, sent now: the app's own worker runs it to the end.
    const { database, config } = t.app.vigil;
    boss = config.databaseUrl
      ? new PgBoss({ connectionString: config.databaseUrl, max: 2 })
      : new PgBoss({ db: { executeSql: database.executeSql } });
    boss.on('error', () => undefined);
    await boss.start();
    const jobId = await boss.send(monthlyReportEmailQueue, {});
    expect(jobId).toBeTruthy();
    const state = async () =>
      (await sql<{ state: string }>('select state from pgboss.job where id = $1', [jobId]))[0]?.state;
    await waitFor(async () => (await state()) === 'completed', 20_000);
  });
});
