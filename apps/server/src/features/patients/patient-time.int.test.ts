import { bulkTimeNotes, type ClinicianListRow, type PatientListPage, type PatientView } from '@vigil/core';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  patientDayRollups,
  patientMetrics,
  patients,
  timeEntries,
} from '../../db/schema/index.js';
import { onPostgres } from '../../test/test-app.js';
import {
  addPatient,
  createWorld,
  fixtureIds as ids,
  patientBody,
  type Who,
  type World,
} from './patient-fixtures.js';
import { refreshManyPatientMetrics } from './patient-metrics.service.js';

let w: World;
const db = () => w.t.app.vigil.database.db;
const south = { clinic: ids.south, assignedPhysician: ids.southPhysician, careTeam: [ids.southStaff] };
/** 28 South patients (more than a page), 2 of them named for a search; one North patient. */
const southIds: string[] = [];
let northId: string;

beforeAll(async () => {
  w = await createWorld();
  for (let i = 0; i < 28; i++) {
    const firstName = i < 2 ? `Searchable${i}` : `Bulk${i}`;
    southIds.push(await addPatient(w, 'southPhysician', patientBody({ ...south, firstName })));
  }
  northId = await addPatient(w, 'northStaff', patientBody());
});
afterAll(() => w.close());

const bulk = { time: 30, isbulktimetracking: true, text: bulkTimeNotes[0] };
async function entriesOf(kind: 'bulk' | 'manual' | 'timer') {
  return db().select().from(timeEntries).where(eq(timeEntries.kind, kind));
}
async function patientView(id: string, who: Who = 'circleAdmin'): Promise<PatientView> {
  return (await w.as(who).get(`/api/pacients/${id}`)).json().data;
}

describe('bulk time on every patient of the filtered list (DESIGN 4)', () => {
  it('tracks every page of the filtered result, then counts them as already tracked that day', async () => {
    const url = `/api/pacients/bulkTimeTrack/?selectedClinics=${ids.south}&activeStatus=active`;
    const first = await w.as('circleAdmin').post(url, bulk);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { numAlreadyTracked: 0, numTracked: 28 } });
    const stored = await entriesOf('bulk');
    expect(stored).toHaveLength(28);
    expect(new Set(stored.map((e) => e.patientId))).toEqual(new Set(southIds));
    expect(stored[0]).toMatchObject({
      userId: ids.circleAdmin,
      seconds: 30,
      note: bulkTimeNotes[0],
      day: '2026-11-02',
      clinicId: ids.south,
    });
    // The same list later that day: nobody is tracked twice; the path without the slash works too.
    const again = await w.as('circleAdmin').post(url.replace('/?', '?'), { ...bulk, text: '-' });
    expect(again.json()).toEqual({ data: { numAlreadyTracked: 28, numTracked: 0 } });
    expect(await entriesOf('bulk')).toHaveLength(28);
  });

  it('refreshes the tracked time of the month and the day rollup', async () => {
    expect((await patientView(southIds[5]!)).trackedTimeThisMonth).toBe(30);
    const [rollup] = await db()
      .select()
      .from(patientDayRollups)
      .where(and(eq(patientDayRollups.patientId, southIds[5]!), eq(patientDayRollups.day, '2026-11-02')));
    expect(rollup?.trackedSeconds).toBe(30);
    const page = await w
      .as('circleAdmin')
      .get(`/api/pacients/patient-priority-list?selectedClinics=${ids.south}`);
    expect(
      page.json().patients.every((r: { trackedTimeThisMonth: number }) => r.trackedTimeThisMonth === 30),
    ).toBe(true);
  });

  it('follows the search and the filters, and a clinic user never reaches another clinic', async () => {
    const searched = await w
      .as('southPhysician')
      .post(`/api/pacients/bulkTimeTrack?searchString=searchable&selectedClinics=${ids.south}`, bulk);
    expect(searched.json()).toEqual({ data: { numAlreadyTracked: 2, numTracked: 0 } });
    // A clinic user naming another clinic selects no one: nothing is written on their own patients.
    const foreign = await w
      .as('northStaff')
      .post(`/api/pacients/bulkTimeTrack?selectedClinics=${ids.south}`, bulk);
    expect(foreign.json()).toEqual({ data: { numAlreadyTracked: 0, numTracked: 0 } });
    const northOnly = await w.as('northStaff').post('/api/pacients/bulkTimeTrack', bulk);
    expect(northOnly.json()).toEqual({ data: { numAlreadyTracked: 0, numTracked: 1 } });
    const [entry] = (await entriesOf('bulk')).filter((e) => e.patientId === northId);
    expect(entry?.userId).toBe(ids.northStaff);
    const none = await w.as('circleAdmin').post('/api/pacients/bulkTimeTrack?searchString=nobody', bulk);
    expect(none.json()).toEqual({ data: { numAlreadyTracked: 0, numTracked: 0 } });
  });

  it('tracks the same patients again on the next calendar day of their clinic', async () => {
    // 17:00Z is 09:00 in Los Angeles; 16 hours later it is the next day there.
    for (let i = 0; i < 40; i++) await w.advance(24 * 60_000);
    const next = await w
      .as('circleAdmin')
      .post(`/api/pacients/bulkTimeTrack?selectedClinics=${ids.south}`, bulk);
    expect(next.json()).toEqual({ data: { numAlreadyTracked: 0, numTracked: 28 } });
    const days = new Set((await entriesOf('bulk')).map((e) => e.day));
    expect(days).toEqual(new Set(['2026-11-02', '2026-11-03']));
  });

  it.each([
    [{}, 'Input cannot be empty'],
    [{ ...bulk, time: 0 }, undefined],
    [{ ...bulk, time: '30' }, 'Must be a number'],
    [{ ...bulk, time: '' }, 'Input cannot be empty'],
    [{ ...bulk, time: 1.5 }, 'Input cannot be empty'],
    [{ ...bulk, time: 86_401 }, undefined],
    [{ ...bulk, isbulktimetracking: false }, undefined],
    [{ ...bulk, text: 'Anything' }, undefined],
  ])('refuses %j and writes nothing', async (body, timeMessage) => {
    const [before] = await db().select({ n: count() }).from(timeEntries);
    const res = await w.as('circleAdmin').post('/api/pacients/bulkTimeTrack', body);
    expect(res.statusCode).toBe(400);
    // The dialog's message for time that is not digits (spec patients 5).
    if (timeMessage) expect(res.json().fields.time).toBe(timeMessage);
    const [after] = await db().select({ n: count() }).from(timeEntries);
    expect(after).toEqual(before);
  });
});

describe('time on one patient', () => {
  it('adds Manually Add Time as given, uncapped', async () => {
    const before = (await patientView(northId)).trackedTimeThisMonth;
    const res = await w
      .as('northStaff')
      .post(`/api/pacients/${northId}/track`, { time: 5400, kind: 'manual' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ seconds: 5400, trackedTimeThisMonth: before + 5400 });
    expect((await entriesOf('manual')).map((e) => [e.patientId, e.userId, e.seconds])).toEqual([
      [northId, ids.northStaff, 5400],
    ]);
  });

  it('caps a timer entry at the time no earlier timer entry counted, and at the session’s start', async () => {
    const track = (id: string, time: number) =>
      w.as('southPhysician').post(`/api/pacients/${id}/track`, { time });
    // Well after the session began and this user's last timer entry: the first fits whole.
    await w.advance(15 * 60_000);
    const first = await track(southIds[0]!, 600);
    expect(first.json().data.seconds).toBe(600);
    // Nothing has passed since that entry: a second timer at once adds nothing.
    expect((await track(southIds[1]!, 600)).json().data.seconds).toBe(0);
    await w.advance(5 * 60_000);
    expect((await track(southIds[1]!, 600)).json().data.seconds).toBe(300);
    // A manual entry is not a timer: it neither is capped nor moves the window.
    await w.advance(2 * 60_000);
    await w.as('southPhysician').post(`/api/pacients/${southIds[2]}/track`, { time: 900, kind: 'manual' });
    expect((await track(southIds[2]!, 600)).json().data.seconds).toBe(120);
    const timers = (await entriesOf('timer')).filter((e) => e.userId === ids.southPhysician);
    expect(timers.map((e) => e.seconds)).toEqual([600, 300, 120]);
  });

  it('a short save in a second tab takes only its own seconds out of a long run on another patient', async () => {
    const track = (id: string, time: number) =>
      w.as('southPhysician').post(`/api/pacients/${id}/track`, { time });
    await w.advance(25 * 60_000);
    // Tab 1 has been open on the first patient for 20 minutes; tab 2 spent 30 seconds on the second.
    expect((await track(southIds[1]!, 30)).json().data.seconds).toBe(30);
    await w.advance(60_000);
    const long = await track(southIds[0]!, 1200);
    expect(long.json().data.seconds).toBe(1170);
    const now = w.t.clock.now().getTime();
    const parts = (await entriesOf('timer'))
      .filter(
        (e) =>
          e.userId === ids.southPhysician && e.patientId === southIds[0] && e.at.getTime() > now - 1_200_000,
      )
      .map((e) => [e.at.getTime(), e.seconds]);
    // Two entries: up to the second tab's save, and after it.
    expect(parts.sort((a, b) => a[0]! - b[0]!)).toEqual([
      [now - 90_000, 1110],
      [now, 60],
    ]);
    // Saved again at once, the same run counts nothing twice.
    expect((await track(southIds[0]!, 1200)).json().data.seconds).toBe(0);
  });

  it('keeps only the wall-clock time when two tabs save the timer at once; manual and bulk time as given', async () => {
    const other = await addPatient(w, 'northStaff', patientBody({ firstName: 'Twotabs' }));
    const track = (id: string, time: number) =>
      w.as('northPhysician').post(`/api/pacients/${id}/track`, { time });
    // A first timer entry starts the window; then 10 minutes pass.
    await w.advance(60_000);
    expect((await track(northId, 60)).json().data.seconds).toBe(60);
    await w.advance(10 * 60_000);
    // Two tabs, two patients, both asking for the same 15 minutes at the same moment: those 15 minutes
    // less the one the first entry counted, once.
    const [a, b] = await Promise.all([track(northId, 900), track(other, 900)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().data.seconds, b.json().data.seconds].sort((x, y) => x - y)).toEqual([0, 840]);
    const timers = (await entriesOf('timer')).filter((e) => e.userId === ids.northPhysician);
    expect(timers.map((e) => e.seconds).sort((x, y) => x - y)).toEqual([60, 240, 600]);

    // No time has passed since: a manual entry and bulk time are explicit, and stored as given.
    const manual = await w
      .as('northPhysician')
      .post(`/api/pacients/${other}/track`, { time: 5400, kind: 'manual' });
    expect(manual.json().data.seconds).toBe(5400);
    const bulkRes = await w
      .as('northPhysician')
      .post('/api/pacients/bulkTimeTrack?searchString=Twotabs', bulk);
    expect(bulkRes.json().data).toEqual({ numAlreadyTracked: 0, numTracked: 1 });
    const keptOnOther = b.json().data.seconds as number;
    const stored = await db().select().from(timeEntries).where(eq(timeEntries.patientId, other));
    expect(stored.map((e) => [e.kind, e.seconds]).sort()).toEqual([
      ['bulk', 30],
      ['manual', 5400],
      ...(keptOnOther ? [['timer', keptOnOther]] : []),
    ]);

    // Each save is in the patient's audit trail, saying what was kept.
    const sentences = (
      await db()
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'time.tracked'), eq(auditEvents.actorUserId, ids.northPhysician)))
    ).map((e) => e.details?.message);
    expect(sentences).toEqual(
      expect.arrayContaining([
        'Tracked 00:01:00 with the timer',
        'Tracked 00:14:00 with the timer (00:15:00 asked; earlier timer entries counted the rest)',
        'Tracked no time with the timer (00:15:00 asked; earlier timer entries counted all of it)',
        'Added 01:30:00 of time by hand',
        `Added 00:00:30 of bulk time: ${bulkTimeNotes[0]}`,
      ]),
    );
    expect(sentences).toHaveLength(5);
  });

  // PGlite runs one statement at a time, so saves cannot overlap there.
  it.runIf(onPostgres)(
    'saves of one patient’s time by two users at the same moment all land (PostgreSQL only)',
    async () => {
      const patient = await addPatient(w, 'northStaff', patientBody({ firstName: 'Concurrent' }));
      const save = (who: Who) =>
        w.as(who).post(`/api/pacients/${patient}/track`, { time: 60, kind: 'manual' });
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(
          (['northStaff', 'northPhysician'] as const).flatMap((who) => [save(who), save(who), save(who)]),
        );
        expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
      }
      const stored = await db().select().from(timeEntries).where(eq(timeEntries.patientId, patient));
      expect(stored).toHaveLength(18);
      const [metrics] = await db().select().from(patientMetrics).where(eq(patientMetrics.patientId, patient));
      expect(metrics!.trackedTimeThisMonth).toBe(18 * 60);
    },
  );

  it.runIf(onPostgres)(
    'bulk time that waited for a patient counts from when it got them, so a refresh meanwhile does not hide it (PostgreSQL only)',
    async () => {
      const patient = await addPatient(w, 'northStaff', patientBody({ firstName: 'Waitedfor' }));
      let bulkDone: Promise<{ statusCode: number }> | undefined;
      await db().transaction(async (tx) => {
        // Another write holds the patient; the bulk request comes and waits for it.
        await tx.select({ id: patients.id }).from(patients).where(eq(patients.id, patient)).for('update');
        bulkDone = w.as('northStaff').post('/api/pacients/bulkTimeTrack?searchString=Waitedfor', bulk);
        await new Promise((r) => setTimeout(r, 300));
        // Meanwhile a minute passes and the metrics job, which takes no lock, refreshes the patient.
        w.t.clock.advance(60_000);
        await refreshManyPatientMetrics(db(), [patient], w.t.clock.now());
      });
      expect((await bulkDone!).statusCode).toBe(200);
      const [entry] = await db().select().from(timeEntries).where(eq(timeEntries.patientId, patient));
      expect(entry!.at).toEqual(w.t.clock.now());
      const [metrics] = await db().select().from(patientMetrics).where(eq(patientMetrics.patientId, patient));
      expect(metrics!.trackedTimeThisMonth).toBe(30);
    },
  );

  it('refuses malformed time and changes nothing', async () => {
    const [before] = await db().select({ n: count() }).from(timeEntries);
    for (const body of [
      {},
      { time: 0 },
      { time: -5 },
      { time: 1.5 },
      { time: 86_401 },
      { time: 5, kind: 'bulk' },
    ]) {
      const res = await w.as('northStaff').post(`/api/pacients/${northId}/track`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const [after] = await db().select({ n: count() }).from(timeEntries);
    expect(after).toEqual(before);
  });
});

describe('Mark Reviewed', () => {
  it('stores who and when, records an audit event and shows on the clinician list', async () => {
    const res = await w.as('northStaff').post(`/api/pacients/${northId}/mark-monthly-reviewed`);
    expect(res.statusCode).toBe(200);
    const now = w.t.clock.now().toISOString();
    expect(res.json()).toEqual({ data: { lastReviewedAt: now } });
    const [row] = await db().select().from(patients).where(eq(patients.id, northId));
    expect(row).toMatchObject({ lastReviewedBy: ids.northStaff });
    const events = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, northId), eq(auditEvents.action, 'patient.reviewed')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorUserId: ids.northStaff,
      clinicId: ids.north,
      details: { message: 'Marked the patient reviewed' },
    });
    const list = (
      await w.as('northStaff').get('/api/pacients/clinician-patient-list')
    ).json() as PatientListPage<ClinicianListRow>;
    expect(list.patients.find((r) => r._id === northId)?.lastReviewedAt).toBe(now);
    expect((await patientView(northId)).lastReviewedAt).toBe(now);
  });
});
