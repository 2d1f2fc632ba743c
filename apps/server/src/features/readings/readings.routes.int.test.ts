import { detailPageErrors, errorMessages, messages } from '@vigil/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, auditEvents, patientDayRollups, readings } from '../../db/schema/index.js';
import { expectedMetrics, storedMetrics } from '../../test/expected-metrics.js';
import {
  addPatient,
  addSouthPatient,
  createWorld,
  fixtureIds as ids,
  patientBody,
  type World,
} from '../patients/patient-fixtures.js';

let w: World;
let southPatient: string;
beforeAll(async () => {
  w = await createWorld();
  southPatient = await addSouthPatient(w);
});
afterAll(() => w.close());

const hour = 3_600_000;
const db = () => w.t.app.vigil.database.db;
const ago = (ms: number) => new Date(w.t.clock.now().getTime() - ms).toISOString();
const pacific = 'America/Los_Angeles';
const newPatient = () => addPatient(w, 'northStaff', patientBody());
const readingsOf = (patientId: string) =>
  db().select().from(readings).where(eq(readings.patientId, patientId)).orderBy(readings.takenAt);
const rollupsOf = (patientId: string) =>
  db()
    .select({
      day: patientDayRollups.day,
      readings: patientDayRollups.readings,
      device: patientDayRollups.deviceReadings,
    })
    .from(patientDayRollups)
    .where(eq(patientDayRollups.patientId, patientId));
const auditMessages = async (patientId: string, action: string) =>
  (
    await db()
      .select({ details: auditEvents.details, actor: auditEvents.actorUserId })
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, patientId), eq(auditEvents.action, action)))
      .orderBy(auditEvents.occurredAt)
  ).map((e) => [e.actor, e.details?.message]);

async function priorityRow(patientId: string) {
  const res = await w.as('northStaff').get('/api/pacients/patient-priority-list?page=0&pageSize=100');
  expect(res.statusCode).toBe(200);
  return res.json().patients.find((p: { _id: string }) => p._id === patientId);
}

const addManual = (
  patientId: string,
  entries: unknown[],
  who: 'northStaff' | 'northPhysician' = 'northStaff',
) => w.as(who).post(`/api/pacients/${patientId}/bp-readings`, { readings: entries });

describe('POST /pacients/{id}/bp-readings', () => {
  it('stores each entry through record as MANUAL, in the chosen zone, by the signed-in user', async () => {
    const patient = await newPatient();
    const at = ago(hour);
    const res = await addManual(patient, [
      { date: at, timezone: pacific, systolic: 140, diastolic: 90 },
      { date: at, timezone: 'America/New_York', heartRate: 72 },
      { date: at, timezone: pacific, weight: 181.5 },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.readings).toEqual([
      expect.objectContaining({
        date: at,
        timezone: pacific,
        type: 'MANUAL',
        source: 'MANUAL',
        systolic: 140,
        diastolic: 90,
        heartRate: null,
        weight: null,
      }),
      expect.objectContaining({
        timezone: 'America/New_York',
        type: 'MANUAL',
        heartRate: 72,
        systolic: null,
      }),
      expect.objectContaining({ type: 'MANUAL', weight: 181.5 }),
    ]);
    const stored = await readingsOf(patient);
    expect(stored.map((r) => [r.source, r.createdBy])).toEqual([
      ['MANUAL', ids.northStaff],
      ['MANUAL', ids.northStaff],
      ['MANUAL', ids.northStaff],
    ]);
    expect(await auditMessages(patient, 'reading.created')).toEqual([
      [ids.northStaff, 'Added a manual reading: 140/90 mmHg'],
      [ids.northStaff, 'Added a manual reading: 72 bpm'],
      [ids.northStaff, 'Added a manual reading: 181.5 lbs'],
    ]);
    expect(await storedMetrics(db(), patient)).toEqual(await expectedMetrics(db(), patient, w.t.clock.now()));
  });

  it('raises the alert a device reading would, and the priority list shows it, but is no device day', async () => {
    const patient = await newPatient();
    expect(await priorityRow(patient)).toMatchObject({
      numActiveAlerts: 0,
      highestPriorityAlertCategory: null,
    });
    const res = await addManual(patient, [
      { date: ago(hour), timezone: pacific, systolic: 210, diastolic: 95 },
    ]);
    expect(res.statusCode).toBe(201);
    const open = await db().select().from(alerts).where(eq(alerts.patientId, patient));
    expect(open.map((a) => [a.type, a.category])).toEqual([['BPHighSingle', 'Clinical']]);
    expect(await priorityRow(patient)).toMatchObject({
      numActiveAlerts: 1,
      highestPriorityAlertCategory: 'Clinical',
      lastBpReading: { systolic: 210, diastolic: 95 },
    });
    // A reading day for the lists (DESIGN 4: days with readings), never device data for billing (99453/99454).
    expect(await rollupsOf(patient)).toEqual([{ day: '2026-11-02', readings: 1, device: 0 }]);
  });

  it.each([
    [
      [{ date: '2026-11-02T17:10:00Z', timezone: pacific, weight: 180 }],
      'readings.0.date',
      messages.readingInFuture,
    ],
    [
      [{ date: '1926-11-02T16:00:00Z', timezone: pacific, weight: 180 }],
      'readings.0.date',
      messages.readingTooOld,
    ],
    [[{ timezone: pacific, weight: 180 }], 'readings.0.date', messages.dateRequired],
    [
      [{ date: 0, timezone: pacific, weight: 180 }],
      'readings.0.date',
      'Invalid input: expected string, received number',
    ],
    [[{ date: 'yesterday', timezone: pacific, weight: 180 }], 'readings.0.date', messages.invalidDate],
    [
      [{ date: '2026-02-30T16:00:00Z', timezone: pacific, weight: 180 }],
      'readings.0.date',
      messages.invalidDate,
    ],
    [[{ date: '2026-10-30T16:00', timezone: pacific, weight: 180 }], 'readings.0.date', messages.invalidDate],
    [
      [{ date: '2026-11-02T16:00:00Z', timezone: 'Europe/Paris', weight: 180 }],
      'readings.0.timezone',
      expect.stringMatching(/^Invalid option: expected one of "America\/Anchorage"/),
    ],
    [
      [{ date: '2026-11-02T16:00:00Z', timezone: pacific, systolic: 120 }],
      'readings.0.diastolic',
      messages.diastolicRequired,
    ],
    [
      [{ date: '2026-11-02T16:00:00Z', timezone: pacific, diastolic: 80 }],
      'readings.0.systolic',
      messages.systolicRequired,
    ],
    [
      [{ date: '2026-11-02T16:00:00Z', timezone: pacific, heartRate: 'fast' }],
      'readings.0.heartRate',
      messages.mustBeNumber,
    ],
    [
      [{ date: '2026-11-02T16:00:00Z', timezone: pacific, weight: 0 }],
      'readings.0.weight',
      messages.outOfRange,
    ],
    [
      [{ date: '2026-11-02T16:00:00Z', timezone: pacific, systolic: 80, diastolic: 120 }],
      'readings.0.diastolic',
      messages.diastolicNotBelowSystolic,
    ],
    [[{ date: '2026-11-02T16:00:00Z', timezone: pacific }], 'readings.0', messages.readingValueRequired],
    [[], 'readings', messages.readingValueRequired],
  ])('refuses %j with its message and stores nothing', async (entries, field, message) => {
    const patient = await newPatient();
    // A valid entry beside the bad one: all or none.
    const res = await addManual(
      patient,
      entries.length ? [{ date: ago(hour), timezone: pacific, weight: 170 }, ...entries] : [],
    );
    const shifted = field.replace(/^readings\.0/, 'readings.1');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ [entries.length ? shifted : 'readings']: message });
    expect(await readingsOf(patient)).toEqual([]);
  });

  it('takes at most three entries', async () => {
    const patient = await newPatient();
    const entry = { date: ago(hour), timezone: pacific, weight: 170 };
    expect((await addManual(patient, [entry, entry, entry, entry])).statusCode).toBe(400);
    expect(await readingsOf(patient)).toEqual([]);
  });
});

describe('GET /pacients/{id}/readings', () => {
  it('answers the range [start, end) oldest first, removed readings left out, manual and device told apart', async () => {
    const patient = await newPatient();
    const service = w.t.app.vigil.readings;
    await service.record({
      patientId: patient,
      takenAt: new Date(ago(30 * hour)),
      systolic: 130,
      diastolic: 85,
      heartRate: 66,
      source: 'PYLO',
      vendorReadingId: 'range-1',
      timeZone: pacific,
    });
    await addManual(patient, [{ date: ago(2 * hour), timezone: pacific, weight: 175 }]);
    await addManual(patient, [{ date: ago(3 * hour), timezone: pacific, heartRate: 80 }]);
    const outside = await service.record({
      patientId: patient,
      takenAt: new Date(ago(20 * 24 * hour)),
      weightLbs: 170,
      source: 'BODYTRACE',
      vendorReadingId: 'range-2',
    });

    const url = `/api/pacients/${patient}/readings?start=${encodeURIComponent(ago(14 * 24 * hour))}&end=${encodeURIComponent(w.t.clock.now().toISOString())}`;
    const res = await w.as('navigatorA').get(url);
    expect(res.statusCode).toBe(200);
    const list = res.json().data.readings;
    expect(list.map((r: { type: string; source: string }) => [r.type, r.source])).toEqual([
      ['DEVICE', 'PYLO'],
      ['MANUAL', 'MANUAL'],
      ['MANUAL', 'MANUAL'],
    ]);
    expect(list[0]).toEqual({
      _id: expect.any(String),
      date: ago(30 * hour),
      timezone: pacific,
      type: 'DEVICE',
      source: 'PYLO',
      systolic: 130,
      diastolic: 85,
      heartRate: 66,
      weight: null,
    });
    expect(list.some((r: { _id: string }) => r._id === outside.reading.id)).toBe(false);

    // The end is excluded; a removed reading is left out.
    const upTo = `/api/pacients/${patient}/readings?start=${encodeURIComponent(ago(14 * 24 * hour))}&end=${encodeURIComponent(ago(2 * hour))}`;
    expect((await w.as('navigatorA').get(upTo)).json().data.readings).toHaveLength(2);
    await w.as('northStaff').delete(`/api/readings/${list[1]._id}`);
    expect((await w.as('navigatorA').get(url)).json().data.readings).toHaveLength(2);
    expect(await auditMessages(patient, 'patient.viewed')).toContainEqual([
      ids.navigatorA,
      'Viewed readings',
    ]);
  });

  it.each([
    ['', 'start', detailPageErrors.instantRequired],
    ['start=2026-10-01T00:00:00Z', 'end', detailPageErrors.instantRequired],
    ['start=2026-10-01&end=2026-10-20', 'start', detailPageErrors.instantRequired],
    ['start=2026-10-01T00:00:00Z&end=2026-10-01T00:00:00Z', 'end', detailPageErrors.readingsRangeOrder],
    ['start=2026-10-02T00:00:00Z&end=2026-10-01T00:00:00Z', 'end', detailPageErrors.readingsRangeOrder],
    ['start=2025-09-01T00:00:00Z&end=2026-10-06T01:00:01Z', 'end', detailPageErrors.readingsRangeTooLong],
  ])('refuses ?%s', async (query, field, message) => {
    const patient = await newPatient();
    const res = await w.as('northStaff').get(`/api/pacients/${patient}/readings?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ [field]: message });
  });

  it('accepts 400 days exactly and an offset', async () => {
    const patient = await newPatient();
    const res = await w
      .as('northStaff')
      .get(
        `/api/pacients/${patient}/readings?start=2025-09-01T00:00:00Z&end=${encodeURIComponent('2026-10-05T17:00:00-07:00')}`,
      );
    expect(res.statusCode).toBe(200);
  });
});

describe('DELETE /readings/{id}', () => {
  it('removes a reading: it stops counting, the metrics and the day rollup follow, and the trail says so', async () => {
    const patient = await newPatient();
    const added = (
      await addManual(patient, [{ date: ago(hour), timezone: pacific, systolic: 150, diastolic: 92 }])
    ).json().data.readings;
    const device = await w.t.app.vigil.readings.record({
      patientId: patient,
      takenAt: new Date(ago(2 * hour)),
      systolic: 120,
      diastolic: 80,
      source: 'PYLO',
      vendorReadingId: `remove-${patient}`,
    });
    expect(await rollupsOf(patient)).toEqual([{ day: '2026-11-02', readings: 2, device: 1 }]);

    const res = await w.as('northPhysician').delete(`/api/readings/${device.reading.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.reading).toMatchObject({ _id: device.reading.id, type: 'DEVICE', systolic: 120 });
    const [row] = await db().select().from(readings).where(eq(readings.id, device.reading.id));
    expect(row).toMatchObject({ removedBy: ids.northPhysician, removedAt: w.t.clock.now() });
    expect(await rollupsOf(patient)).toEqual([{ day: '2026-11-02', readings: 1, device: 0 }]);
    expect(await storedMetrics(db(), patient)).toEqual(await expectedMetrics(db(), patient, w.t.clock.now()));
    expect(await auditMessages(patient, 'reading.removed')).toEqual([
      [ids.northPhysician, 'Removed a reading of 11/02/2026 7:00 AM: 120/80 mmHg'],
    ]);

    // Twice is harmless: the same answer, no second event.
    expect((await w.as('northPhysician').delete(`/api/readings/${device.reading.id}`)).statusCode).toBe(200);
    expect(await auditMessages(patient, 'reading.removed')).toHaveLength(1);

    await w.as('northStaff').delete(`/api/readings/${added[0]._id}`);
    expect(await rollupsOf(patient)).toEqual([{ day: '2026-11-02', readings: 0, device: 0 }]);
    expect(await priorityRow(patient)).toMatchObject({
      lastReading: null,
      lastBpReading: null,
      numDaysWithReadings: 0,
    });
  });
});

describe('tenancy', () => {
  it("answers 404 for another clinic's patient or reading and changes nothing", async () => {
    const south = await w.as('southPhysician').post(`/api/pacients/${southPatient}/bp-readings`, {
      readings: [{ date: ago(hour), timezone: pacific, systolic: 120, diastolic: 80 }],
    });
    expect(south.statusCode).toBe(201);
    const southReading = south.json().data.readings[0]._id;
    const north = w.as('northStaff');
    const range = `start=${encodeURIComponent(ago(24 * hour))}&end=${encodeURIComponent(w.t.clock.now().toISOString())}`;
    for (const res of [
      await north.get(`/api/pacients/${southPatient}/readings?${range}`),
      await north.post(`/api/pacients/${southPatient}/bp-readings`, {
        readings: [{ date: ago(hour), timezone: pacific, weight: 150 }],
      }),
      await north.delete(`/api/readings/${southReading}`),
      await north.delete('/api/readings/00000000-0000-4000-8000-000000000000'),
      await north.delete('/api/readings/not-a-uuid'),
      await north.get(`/api/pacients/not-a-uuid/readings?${range}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(errorMessages.notFound);
    }
    const stored = await readingsOf(southPatient);
    expect(stored.map((r) => [r.systolic, r.removedAt])).toEqual([[120, null]]);
    // An operator user sees every clinic.
    expect(
      (await w.as('circleAdmin').get(`/api/pacients/${southPatient}/readings?${range}`)).json().data.readings,
    ).toHaveLength(1);
  });
});
