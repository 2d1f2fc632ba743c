import { type AlertView, detailPageErrors, errorMessages, messages, type PriorityListRow } from '@vigil/core';
import { and, count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alerts, auditEvents, patientMetrics, staffNotes } from '../../db/schema/index.js';
import { refreshExpiredSnoozes } from '../../jobs/snooze-expiry.job.js';
import { anyValue, idArbitrary, type MalformedCall } from '../../test/malformed-calls.js';
import {
  addPatient,
  createWorld,
  everyUser,
  expectClientAnswers,
  fixtureIds as ids,
  patientBody,
  type Who,
  type World,
} from '../patients/patient-fixtures.js';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.close());

const minute = 60_000;
const hour = 60 * minute;
const db = () => w.t.app.vigil.database.db;
const later = (ms: number) => new Date(w.t.clock.now().getTime() + ms).toISOString();

/** Two North patients alone in a clinic-wide list: Aaron is listed before Zed while neither has an alert. */
let aaron: string;
let zed: string;
beforeEach(async () => {
  aaron = await addPatient(w, 'northStaff', patientBody({ firstName: 'Aaron', lastName: 'Alpha' }));
  zed = await addPatient(w, 'northStaff', patientBody({ firstName: 'Zed', lastName: 'Zulu' }));
});

/** The priority list order of the two patients, and Zed's row. */
async function priority(): Promise<{ order: string[]; zed: PriorityListRow }> {
  const res = await w
    .as('northStaff')
    .get('/api/pacients/patient-priority-list?page=0&pageSize=100&sort=priorityScore&sortDir=asc');
  expect(res.statusCode, res.body).toBe(200);
  const rows = (res.json().patients as PriorityListRow[]).filter((r) => r._id === aaron || r._id === zed);
  return { order: rows.map((r) => r._id), zed: rows.find((r) => r._id === zed)! };
}

async function createAlert(
  patientId: string,
  alertData: Record<string, unknown>,
  who: Who = 'northStaff',
): Promise<AlertView> {
  const res = await w.as(who).post('/api/alerts', { patientId, alertData });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.alert;
}

const messagesOf = async (patientId: string, action: string) =>
  (
    await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, patientId), eq(auditEvents.action, action)))
  ).map((e) => e.details?.message);

async function details(patientId: string, who: Who = 'northStaff') {
  const res = await w.as(who).get(`/api/pacients/${patientId}/details`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { alerts: AlertView[] };
}

async function tableCounts() {
  const [a] = await db().select({ n: count() }).from(alerts);
  const [n] = await db().select({ n: count() }).from(staffNotes);
  const [e] = await db().select({ n: count() }).from(auditEvents);
  const metrics = await db().select().from(patientMetrics);
  return { alerts: a!.n, notes: n!.n, audit: e!.n, metrics: JSON.stringify(metrics) };
}

describe('POST /alerts', () => {
  it('creates a Manual alert snoozed until the chosen date, and the patient moves up when it comes due', async () => {
    expect((await priority()).order).toEqual([aaron, zed]);
    const until = later(20 * minute);
    const alert = await createAlert(zed, {
      alertType: 'Custom',
      snoozedUntilDate: until,
      customDescription: '  Ask about the new cuff  ',
    });
    expect(alert).toMatchObject({
      category: 'Manual',
      type: 'Custom',
      snoozedUntil: until,
      customDescription: 'Ask about the new cuff',
      readingDate: w.t.clock.now().toISOString(),
      createdAt: w.t.clock.now().toISOString(),
    });
    expect((await details(zed)).alerts).toEqual([alert]);
    // Snoozed, it counts nowhere yet.
    expect((await priority()).zed).toMatchObject({ numActiveAlerts: 0, highestPriorityAlertCategory: null });
    expect(await messagesOf(zed, 'alert.created')).toEqual([
      'Created alert Ask about the new cuff, snoozed until 11/02/26, 9:20 am',
    ]);

    await w.advance(21 * minute);
    expect(await refreshExpiredSnoozes({ db: db(), clock: w.t.clock })).toContain(zed);
    const due = await priority();
    expect(due.order).toEqual([zed, aaron]);
    expect(due.zed).toMatchObject({
      numActiveAlerts: 1,
      highestPriorityAlertCategory: 'Manual',
      // The Manual band, one active alert, and no reading ever (counted as the most days, 99).
      priorityScore: 15000 - 100 - 99,
    });
  });

  it('keeps the description of a Custom alert only, and records who created it', async () => {
    const alert = await createAlert(
      aaron,
      {
        alertType: 'CallFollowUp',
        snoozedUntilDate: '2026-11-24T17:00:00.000Z',
        customDescription: 'ignored',
      },
      'navigatorA',
    );
    expect(alert).toMatchObject({ type: 'CallFollowUp', customDescription: null });
    const [row] = await db().select().from(alerts).where(eq(alerts.id, alert._id));
    expect(row).toMatchObject({ createdBy: ids.navigatorA, clinicId: ids.north, dismissedAt: null });
    const [event] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, alert._id), eq(auditEvents.action, 'alert.created')));
    expect(event).toMatchObject({
      actorUserId: ids.navigatorA,
      clinicId: ids.north,
      details: { message: 'Created alert Call follow-up, snoozed until 11/24/26, 9:00 am' },
    });
  });

  it('refuses a missing type or date, a type staff cannot create and a date not in the future or too far', async () => {
    const before = await tableCounts();
    const cases: [Record<string, unknown>, string, unknown][] = [
      [{ snoozedUntilDate: later(hour) }, 'alertData.alertType', messages.required],
      [
        { alertType: 'BPHighSingle', snoozedUntilDate: later(hour) },
        'alertData.alertType',
        expect.stringMatching(/^Invalid option: expected one of "CallFollowUp"\|"Custom"/),
      ],
      [{ alertType: 'Custom' }, 'alertData.snoozedUntilDate', messages.required],
      [{ alertType: 'Custom', snoozedUntilDate: null }, 'alertData.snoozedUntilDate', messages.required],
      [
        { alertType: 'Custom', snoozedUntilDate: 'soon' },
        'alertData.snoozedUntilDate',
        detailPageErrors.instantRequired,
      ],
      // A day that does not exist is not the next one (JavaScript reads February 30th as March 2nd).
      [
        { alertType: 'Custom', snoozedUntilDate: '2027-02-30T10:00:00Z' },
        'alertData.snoozedUntilDate',
        detailPageErrors.instantRequired,
      ],
      [
        { alertType: 'Custom', snoozedUntilDate: w.t.clock.now().toISOString() },
        'alertData.snoozedUntilDate',
        messages.dateMustBeFuture,
      ],
      [
        { alertType: 'Custom', snoozedUntilDate: '+010000-01-01T00:00:00.000Z' },
        'alertData.snoozedUntilDate',
        detailPageErrors.dateTooLate,
      ],
    ];
    for (const [alertData, field, message] of cases) {
      const res = await w.as('northStaff').post('/api/alerts', { patientId: zed, alertData });
      expect(res.statusCode, JSON.stringify(alertData)).toBe(400);
      expect(res.json().fields[field], JSON.stringify(alertData)).toEqual(message);
      expect(res.json().message).toEqual(message);
    }
    expect(await tableCounts()).toEqual(before);
  });
});

describe('POST /alerts/{id}/snooze', () => {
  it('snoozes a clinical alert raised by a reading, with its wording and the date in the patient zone', async () => {
    await w.t.app.vigil.readings.record({
      patientId: zed,
      takenAt: w.t.clock.now(),
      systolic: 210,
      diastolic: 90,
      source: 'MANUAL',
    });
    const [raised] = (await details(zed)).alerts;
    expect(raised).toMatchObject({ category: 'Clinical', type: 'BPHighSingle', snoozedUntil: null });
    expect((await priority()).order).toEqual([zed, aaron]);

    const until = '2026-11-03T17:00:00.000Z';
    const res = await w
      .as('northPhysician')
      .post(`/api/alerts/${raised!._id}/snooze`, { snoozeUntil: until });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.alert).toEqual({ ...raised, snoozedUntil: until });
    const moved = await priority();
    expect(moved.order).toEqual([aaron, zed]);
    expect(moved.zed).toMatchObject({ numActiveAlerts: 0, highestPriorityAlertCategory: null });
    expect(await messagesOf(zed, 'alert.snoozed')).toEqual([
      'Snoozed alert High blood pressure reading: systolic 200 or diastolic 100 or more until 11/03/26, 9:00 am',
    ]);
  });

  it('a new reading that holds a snoozed alert’s rule ends the snooze; a late reading from before it does not', async () => {
    const bp = (systolic: number, takenAt: Date) =>
      w.t.app.vigil.readings.record({ patientId: zed, takenAt, systolic, diastolic: 90, source: 'MANUAL' });
    const first = w.t.clock.now();
    await bp(210, first);
    const [raised] = (await details(zed)).alerts;
    const until = later(2 * 24 * hour);
    expect(
      (await w.as('northStaff').post(`/api/alerts/${raised!._id}/snooze`, { snoozeUntil: until })).statusCode,
    ).toBe(200);

    await bp(215, new Date(first.getTime() - 3 * hour));
    expect((await details(zed)).alerts[0]).toMatchObject({ snoozedUntil: until });
    expect((await priority()).zed).toMatchObject({ numActiveAlerts: 0 });

    w.t.clock.advance(10 * minute);
    await bp(240, w.t.clock.now());
    const [woken] = (await details(zed)).alerts;
    expect(woken).toMatchObject({
      _id: raised!._id,
      snoozedUntil: null,
      readingDate: w.t.clock.now().toISOString(),
    });
    const listed = await priority();
    expect(listed.order).toEqual([zed, aaron]);
    expect(listed.zed).toMatchObject({ numActiveAlerts: 1, highestPriorityAlertCategory: 'Clinical' });
  });

  it('moves a snooze (Edit) and refuses a past or missing date, changing nothing', async () => {
    const alert = await createAlert(zed, { alertType: 'CallFollowUp', snoozedUntilDate: later(hour) });
    const before = await tableCounts();
    const cases: [Record<string, unknown>, string][] = [
      [{ snoozeUntil: later(-minute) }, messages.dateMustBeFuture],
      [{ snoozeUntil: w.t.clock.now().toISOString() }, messages.dateMustBeFuture],
      [{ snoozeUntil: 'tomorrow' }, detailPageErrors.instantRequired],
      [{ snoozeUntil: '2027-02-30T10:00:00Z' }, detailPageErrors.instantRequired],
      [{ snoozeUntil: '+010000-01-01T00:00:00.000Z' }, detailPageErrors.snoozeTooFar],
      [{ snoozeUntil: '2099-12-01T00:00:00.000Z' }, detailPageErrors.snoozeTooFar],
      [{ snoozeUntil: later(90 * 24 * hour + minute) }, detailPageErrors.snoozeTooFar],
      [{}, messages.required],
    ];
    for (const [body, message] of cases) {
      const res = await w.as('northStaff').post(`/api/alerts/${alert._id}/snooze`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields.snoozeUntil, JSON.stringify(body)).toBe(message);
    }
    expect(await tableCounts()).toEqual(before);
    // A winter date reads in standard time (PST), as the patient's clock shows it; 90 days is the most.
    const until = '2027-01-20T20:05:00.000Z';
    const res = await w.as('northStaff').post(`/api/alerts/${alert._id}/snooze`, { snoozeUntil: until });
    expect(res.json().data.alert.snoozedUntil).toBe(until);
    expect(await messagesOf(zed, 'alert.snoozed')).toEqual([
      'Snoozed alert Call follow-up until 01/20/27, 12:05 pm',
    ]);
    const longest = later(90 * 24 * hour);
    expect(
      (await w.as('northStaff').post(`/api/alerts/${alert._id}/snooze`, { snoozeUntil: longest })).statusCode,
    ).toBe(200);
  });
});

describe('POST /alerts/{id}/dismiss', () => {
  it('clears an active alert: it leaves the page and the list at once', async () => {
    const alert = await createAlert(zed, { alertType: 'CallFollowUp', snoozedUntilDate: later(10 * minute) });
    await w.advance(11 * minute);
    await refreshExpiredSnoozes({ db: db(), clock: w.t.clock });
    expect((await priority()).order).toEqual([zed, aaron]);

    const res = await w.as('northStaff').post(`/api/alerts/${alert._id}/dismiss`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.alert._id).toBe(alert._id);
    expect((await priority()).order).toEqual([aaron, zed]);
    expect((await details(zed)).alerts).toEqual([]);
    const [row] = await db().select().from(alerts).where(eq(alerts.id, alert._id));
    expect(row).toMatchObject({ dismissedBy: ids.northStaff, dismissNote: null });
    expect(row!.dismissedAt?.toISOString()).toBe(w.t.clock.now().toISOString());
    expect(await messagesOf(zed, 'alert.dismissed')).toEqual(['Cleared alert Call follow-up']);
  });

  it('with a note (Save & Clear), also adds it as a staff note in the same change', async () => {
    const alert = await createAlert(zed, { alertType: 'Custom', snoozedUntilDate: later(hour) });
    const res = await w
      .as('navigatorA')
      .post(`/api/alerts/${alert._id}/dismiss`, { note: '  Spoke with the patient.  ' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await db().select().from(alerts).where(eq(alerts.id, alert._id));
    expect(row).toMatchObject({ dismissedBy: ids.navigatorA, dismissNote: 'Spoke with the patient.' });
    const notes = await db().select().from(staffNotes).where(eq(staffNotes.patientId, zed));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      clinicId: ids.north,
      text: 'Spoke with the patient.',
      authorId: ids.navigatorA,
      submissionId: null,
    });
    const [event] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, alert._id), eq(auditEvents.action, 'alert.dismissed')));
    expect(event!.details).toMatchObject({
      message: 'Cleared alert Custom alert with a staff note',
      staffNoteId: notes[0]!.id,
    });
  });

  it('without a body clears too; a cleared alert cannot be cleared or snoozed again (409, nothing changes)', async () => {
    const alert = await createAlert(zed, { alertType: 'CallFollowUp', snoozedUntilDate: later(hour) });
    const plain = await w.t.app.inject({
      method: 'POST',
      url: `/api/alerts/${alert._id}/dismiss`,
      headers: { authorization: `Bearer ${w.tokens.northStaff}` },
    });
    expect(plain.statusCode, plain.body).toBe(200);
    const before = await tableCounts();
    const again = await w.as('northStaff').post(`/api/alerts/${alert._id}/dismiss`, { note: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(detailPageErrors.alertAlreadyCleared);
    const snooze = await w
      .as('northStaff')
      .post(`/api/alerts/${alert._id}/snooze`, { snoozeUntil: later(hour) });
    expect(snooze.statusCode).toBe(409);
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses a note that is not text', async () => {
    const alert = await createAlert(zed, { alertType: 'CallFollowUp', snoozedUntilDate: later(hour) });
    const before = await tableCounts();
    for (const body of [{ note: 5 }, { note: 'x'.repeat(10_001) }, []]) {
      const res = await w.as('northStaff').post(`/api/alerts/${alert._id}/dismiss`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect(await tableCounts()).toEqual(before);
  });
});

describe('tenancy and sessions', () => {
  it('answers 404 to another clinic for the patient and its alerts, and changes nothing', async () => {
    const alert = await createAlert(zed, { alertType: 'CallFollowUp', snoozedUntilDate: later(hour) });
    const before = await tableCounts();
    for (const who of ['southPhysician'] as const) {
      const create = await w.as(who).post('/api/alerts', {
        patientId: zed,
        alertData: { alertType: 'Custom', snoozedUntilDate: later(hour) },
      });
      expect(create.statusCode).toBe(404);
      expect(create.json().message).toBe(errorMessages.notFound);
      const snooze = await w
        .as(who)
        .post(`/api/alerts/${alert._id}/snooze`, { snoozeUntil: later(2 * hour) });
      expect(snooze.statusCode).toBe(404);
      const dismiss = await w.as(who).post(`/api/alerts/${alert._id}/dismiss`, { note: 'not mine' });
      expect(dismiss.statusCode).toBe(404);
    }
    for (const x of ['10000000-0000-4000-8000-00000000ffff', 'not-a-uuid', "'; drop table alerts; --"]) {
      const create = await w.as('circleAdmin').post('/api/alerts', {
        patientId: x,
        alertData: { alertType: 'Custom', snoozedUntilDate: later(hour) },
      });
      expect(create.statusCode).toBe(404);
      const url = `/api/alerts/${encodeURIComponent(x)}`;
      expect((await w.as('circleAdmin').post(`${url}/snooze`, { snoozeUntil: later(hour) })).statusCode).toBe(
        404,
      );
      expect((await w.as('circleAdmin').post(`${url}/dismiss`, {})).statusCode).toBe(404);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('lets every user who sees the patient act, and needs a session', async () => {
    for (const who of ['northStaff', 'northPhysician', 'circleAdmin', 'navigatorA'] as const) {
      const alert = await createAlert(zed, { alertType: 'CallFollowUp', snoozedUntilDate: later(hour) }, who);
      const snooze = await w
        .as(who)
        .post(`/api/alerts/${alert._id}/snooze`, { snoozeUntil: later(2 * hour) });
      expect(snooze.statusCode).toBe(200);
      expect((await w.as(who).post(`/api/alerts/${alert._id}/dismiss`, {})).statusCode).toBe(200);
    }
    const anonymous = await w.t.app.inject({
      method: 'POST',
      url: '/api/alerts',
      payload: { patientId: zed, alertData: { alertType: 'Custom', snoozedUntilDate: later(hour) } },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the alert routes under malformed input', () => {
  it('answer random ids and bodies from every role with a 4xx and a message, or a success when valid', async () => {
    const id = idArbitrary(() => [zed, aaron, ids.north, ids.northStaff]);
    const date = fc.oneof(
      anyValue,
      fc.integer({ min: -48, max: 48 }).map((h) => later(h * hour)),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    );
    const alertData = fc.oneof(
      anyValue,
      fc.record(
        {
          alertType: fc.oneof(fc.constantFrom('Custom', 'CallFollowUp', 'BPLow'), anyValue),
          snoozedUntilDate: date,
          customDescription: anyValue,
        },
        { requiredKeys: [] },
      ),
    );
    const alertIds = (await db().select({ id: alerts.id }).from(alerts)).map((a) => a.id);
    const alertId = fc.oneof(fc.constantFrom(...alertIds), id);
    const calls: fc.Arbitrary<MalformedCall> = fc.oneof(
      fc.tuple(fc.oneof(id, anyValue), alertData).map(([patientId, data]) => ({
        method: 'POST' as const,
        url: '/api/alerts',
        body: { patientId, alertData: data },
      })),
      fc.jsonValue({ maxDepth: 3 }).map((body) => ({ method: 'POST' as const, url: '/api/alerts', body })),
      fc.tuple(alertId, fc.oneof(anyValue, fc.record({ snoozeUntil: date }))).map(([x, body]) => ({
        method: 'POST' as const,
        url: `/api/alerts/${x}/snooze`,
        body,
      })),
      fc.tuple(alertId, fc.oneof(anyValue, fc.record({ note: anyValue }))).map(([x, body]) => ({
        method: 'POST' as const,
        url: `/api/alerts/${x}/dismiss`,
        body,
      })),
    );
    await expectClientAnswers(w, calls, everyUser, 300);
  });
});
