import { messages, reportTexts, toasts } from '@vigil/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, outbox } from '../../db/schema/index.js';
import type { EmailMessage } from '../../integrations/email/email-provider.js';
import { createLocalDiskStorage } from '../../integrations/storage/local-disk.storage.js';
import { deliverOutboxMessage } from '../../jobs/deliver-outbox.job.js';
import { pdfPageTexts, pdfText } from '../../test/pdf-text.js';
import { outboxFor } from '../../test/test-app.js';
import { addSouthPatient, createWorld, type World } from '../patients/patient-fixtures.js';
import { addReportPatient, recordOctober } from './patient-report-fixtures.js';

let w: World;
const p = { rosa: '', noConsent: '', noAddress: '', south: '' };
const db = () => w.t.app.vigil.database.db;
const rosaEmail = 'rosa.report@example.test';
const note = 'Blood pressure improved after the dose change; keep logging weights each morning.';

beforeAll(async () => {
  w = await createWorld();
  p.rosa = await addReportPatient(w, {
    firstName: 'Rosa',
    lastName: 'Diaz',
    diagnosis: 'Hypertension',
    mr: 'MR-4471',
  });
  p.noConsent = await addReportPatient(w, {
    firstName: 'Nora',
    preferences: { textConsent: 'Yes', emailConsent: 'No', monthlyReportConsent: 'No' },
  });
  p.noAddress = await addReportPatient(w, { firstName: 'Abel', email: '' });
  p.south = await addSouthPatient(w);
  await recordOctober(w, p.rosa);
  const saved = await w.as('northPhysician').post(`/api/monthlyNotes/${p.rosa}`, {
    month: 10,
    year: 2026,
    noteContent: note,
    approved: true,
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(() => w.close());

const url = (query: Record<string, string | number>) =>
  `/api/reports/patient?${new URLSearchParams(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])))}`;
const october = (patient: string, type: 'data' | 'weight', version: 'old' | 'new') =>
  url({ type, month: 10, year: 2026, physician: '', patient, version });

const eventsOf = (patientId: string, action: string) =>
  db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.patientId, patientId), eq(auditEvents.action, action)));

describe('GET /reports/patient', () => {
  it('answers the Blood Pressure report inline as a PDF named after the report, patient and month', async () => {
    const res = await w.as('northStaff').get(october(p.rosa, 'data', 'old'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="Blood Pressure Report - Rosa Diaz - 2026-10.pdf"; filename*=UTF-8''Blood%20Pressure%20Report%20-%20Rosa%20Diaz%20-%202026-10.pdf`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('prints the Old Version: the clinic, the patient and the month’s readings with time and source only', async () => {
    const text = await pdfText((await w.as('northStaff').get(october(p.rosa, 'data', 'old'))).rawPayload);
    for (const expected of [
      'North Clinic',
      'Blood Pressure Report',
      'October 2026',
      'Rosa Diaz',
      '04/12/1950',
      'MR-4471',
      'Hypertension',
      'physician Fixture',
      // Each reading: date, Pacific time, BP, HR, source.
      '10/05/2026 8:15 AM 128/82 72 Device',
      '10/12/2026 7:40 PM 142/91 88 Manual',
      '10/29/2026 9:10 PM 185/112 104 Device',
      'Readings (4)',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    // September's and November's readings are not October's; the Old Version has no summary, alerts or note.
    for (const absent of ['121/79', '150/95', 'Summary', 'Alerts', note]) expect(text).not.toContain(absent);
  });

  it('prints the New Version: the summary figures, the chart, the month’s alerts and the approved note', async () => {
    const res = await w.as('northPhysician').get(october(p.rosa, 'data', 'new'));
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Rosa Diaz',
      'October 2026',
      '128/82',
      // BP high, low and mean; HR high, low and mean.
      'Blood Pressure (mmHg) High 185/112 Low 118/76 Mean 143/90',
      'Heart Rate (bpm) High 104 Low 65 Mean 82',
      // 8 days with a reading of 31; 2 of 4 at goal; 8 days over the 16 of full compliance.
      'Days transmitted 8 of 31 % BP at goal 50% % Compliance 50%',
      'Blood Pressure and Heart Rate',
      'Systolic goal 100-130',
      'High blood pressure reading: systolic 200 or diastolic 100 or more',
      'Clinical',
      note,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('150/95');
  });

  it('prints the Weight report: each weight with its change on the previous day and on 7 days earlier', async () => {
    const old = await pdfText((await w.as('northStaff').get(october(p.rosa, 'weight', 'old'))).rawPayload);
    for (const expected of [
      'Weight Report',
      'Rosa Diaz',
      'October 2026',
      'Weights (5)',
      // Against 09/24 (7 days before; nothing on 09/30).
      '10/01/2026 7:30 AM 179.5 — +1.5 Device',
      '10/21/2026 7:30 AM 180.2 — — Device',
      '10/22/2026 7:30 AM 181.0 +0.8 — Device',
      '10/28/2026 7:30 AM 184.6 — +4.4 Device',
      '10/29/2026 7:30 AM 187.3 +2.7 +6.3 Device',
    ]) {
      expect(old).toContain(expected);
    }
    expect(old).not.toContain('128/82');
    const fresh = await pdfText((await w.as('northStaff').get(october(p.rosa, 'weight', 'new'))).rawPayload);
    expect(fresh).toContain('Weight (lbs) Latest 187.3 High 187.3 Low 179.5 Mean 182.5');
    expect(fresh).toContain('Days transmitted 8 of 31 % Compliance 50%');
    expect(fresh).toContain(note);
  });

  it('renders every type and version for a patient with no readings, saying so', async () => {
    for (const type of ['data', 'weight'] as const) {
      for (const version of ['old', 'new'] as const) {
        const res = await w.as('circleAdmin').get(october(p.noConsent, type, version));
        expect(res.statusCode).toBe(200);
        const pages = await pdfPageTexts(res.rawPayload);
        expect(pages.length).toBeGreaterThanOrEqual(1);
        expect(pages[0]).toContain('Nora Example');
        expect(pages.join(' ')).toContain(
          type === 'data' ? 'No blood pressure readings this month.' : 'No weights this month.',
        );
        if (version === 'new') expect(pages.join(' ')).toContain('No approved monthly note for this month.');
      }
    }
  });

  it('prints a name in any Latin script as written (the embedded font has the letters)', async () => {
    const id = await addReportPatient(w, { firstName: 'Nguyễn', lastName: 'Thị Łucja' });
    const res = await w.as('northStaff').get(october(id, 'data', 'new'));
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Blood Pressure Report - Nguyễn Thị Łucja - 2026-10.pdf')}`,
    );
    expect(await pdfText(res.rawPayload)).toContain('Nguyễn Thị Łucja');
  });

  it('writes one audit event on the patient per report, naming it', async () => {
    const before = (await eventsOf(p.rosa, 'patient.viewed')).length;
    await w.as('northStaff').get(october(p.rosa, 'weight', 'new'));
    const events = await eventsOf(p.rosa, 'patient.viewed');
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)).toMatchObject({
      actorUserId: expect.any(String),
      details: expect.objectContaining({
        view: 'report',
        message: 'Generated the Weight report for 10/2026 (New Version)',
      }),
    });
  });

  it('is 404 for another clinic’s patient and a malformed id, and writes nothing', async () => {
    const before = await db().select().from(auditEvents);
    const queued = await db().select().from(outbox);
    for (const patient of [p.south, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await w.as('northStaff').get(october(patient, 'data', 'new'));
      expect(res.statusCode).toBe(404);
      const mail = await w.as('northStaff').get(`${october(patient, 'data', 'new')}&sendMail=true`);
      expect(mail.statusCode).toBe(404);
    }
    expect((await w.as('southPhysician').get(october(p.rosa, 'data', 'old'))).statusCode).toBe(404);
    expect(await db().select().from(auditEvents)).toHaveLength(before.length);
    expect(await db().select().from(outbox)).toHaveLength(queued.length);
  });

  it('is 400 with the field’s message for a missing or wrong parameter', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ month: 10, year: 2026, patient: p.rosa, version: 'new' }, 'type'],
      [{ type: 'pulse', month: 10, year: 2026, patient: p.rosa, version: 'new' }, 'type'],
      [{ type: 'data', year: 2026, patient: p.rosa, version: 'new' }, 'month'],
      [{ type: 'data', month: 13, year: 2026, patient: p.rosa, version: 'new' }, 'month'],
      [{ type: 'data', month: 10, year: 2026, patient: p.rosa }, 'version'],
      [{ type: 'data', month: 10, year: 2026, version: 'new' }, 'patient'],
    ];
    for (const [query, field] of cases) {
      const res = await w.as('northStaff').get(url(query));
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().fields[field]).toBeDefined();
    }
    const missingType = await w.as('northStaff').get(url(cases[0]![0]));
    expect(missingType.json()).toMatchObject({
      message: messages.required,
      fields: { type: messages.required },
    });
    expect((await w.t.app.inject({ method: 'GET', url: october(p.rosa, 'data', 'new') })).statusCode).toBe(
      401,
    );
  });
});

describe('GET /reports/patient with sendMail=true', () => {
  it('queues an email to the patient with the PDF attached, through the outbox', async () => {
    const res = await w.as('northStaff').get(`${october(p.rosa, 'data', 'new')}&sendMail=true`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { message: toasts.reportSent } });

    const [email] = await outboxFor(w.t.app, rosaEmail);
    expect(email).toMatchObject({
      channel: 'email',
      to: rosaEmail,
      subject: 'Your Blood Pressure Report for October 2026',
      status: 'pending',
      attachments: [
        {
          fileName: 'Blood Pressure Report - Rosa Diaz - 2026-10.pdf',
          contentType: 'application/pdf',
          size: expect.any(Number),
        },
      ],
    });
    expect(email!.body).toContain('Hello Rosa,');
    expect(email!.body).not.toContain('185/112');

    const [event] = await eventsOf(p.rosa, 'report.emailed');
    expect(event?.details).toMatchObject({
      message: 'Emailed the Blood Pressure report for 10/2026 (New Version) to the patient',
    });
  });

  it('hands the stored PDF to the email provider when the outbox delivers it', async () => {
    const [row] = await db().select().from(outbox).where(eq(outbox.to, rosaEmail));
    const sent: EmailMessage[] = [];
    const deps = {
      db: db(),
      clock: w.t.clock,
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
      storage: createLocalDiskStorage(`${w.t.app.vigil.config.dataDir}/uploads`),
    };
    await deliverOutboxMessage(deps, row!.id, false);
    expect(sent).toHaveLength(1);
    const [attachment] = sent[0]!.attachments!;
    expect(attachment).toMatchObject({ fileName: 'Blood Pressure Report - Rosa Diaz - 2026-10.pdf' });
    expect(attachment!.content.length).toBe(row!.attachments[0]!.size);
    const text = await pdfText(attachment!.content);
    expect(text).toContain('Rosa Diaz');
    expect(text).toContain(note);
    expect((await db().select().from(outbox).where(eq(outbox.id, row!.id)))[0]?.status).toBe('sent');
  });

  it('is 422 with the reason when the patient gave no email consent or has no address, and sends nothing', async () => {
    const noConsent = await w.as('northStaff').get(`${october(p.noConsent, 'data', 'new')}&sendMail=true`);
    expect(noConsent.statusCode).toBe(422);
    expect(noConsent.json().message).toBe(reportTexts.noEmailConsent);
    const noAddress = await w.as('northStaff').get(`${october(p.noAddress, 'weight', 'old')}&sendMail=true`);
    expect(noAddress.statusCode).toBe(422);
    expect(noAddress.json().message).toBe(reportTexts.noEmailAddress);
    expect(await outboxFor(w.t.app, 'nora.report@example.test')).toHaveLength(0);
    expect(await eventsOf(p.noConsent, 'report.emailed')).toHaveLength(0);
    expect(await eventsOf(p.noAddress, 'report.emailed')).toHaveLength(0);
  });

  it('with sendMail=false answers the PDF', async () => {
    const res = await w.as('northStaff').get(`${october(p.rosa, 'data', 'old')}&sendMail=false`);
    expect(res.headers['content-type']).toBe('application/pdf');
  });
});
