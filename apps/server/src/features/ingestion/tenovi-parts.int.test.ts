import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { alerts, auditEvents } from '../../db/schema/index.js';
import { addPatient, createWorld, patientBody, type World } from '../patients/patient-fixtures.js';
import { deliver, pairDevice, readingsOf } from './ingestion-fixtures.js';

/**
 * Tenovi sends one measurement per request unless told to post arrays (vendors.md): a blood pressure and
 * its pulse then come in two requests with one timestamp, and still make one reading (decision 0009, "A
 * measurement sent in parts"), with the alerts of one reading.
 */
let w: World;
const db = () => w.t.app.vigil.database.db;
const hour = 3_600_000;
let device = 0;

beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.close());

/** A patient with a Tenovi cuff of their own. */
async function patientWithCuff() {
  const patientId = await addPatient(w, 'northStaff', patientBody());
  const hwi = `tv-parts-${++device}`;
  await pairDevice(db(), patientId, 'Tenovi', hwi);
  return { patientId, hwi };
}

const bloodPressure = (hwi: string, at: Date, systolic: number, diastolic: number, index = '0') => ({
  metric: 'blood_pressure',
  hwi_device_id: hwi,
  value_1: String(systolic),
  value_2: String(diastolic),
  timestamp: at.toISOString(),
  filter_params: { measurement_index: index },
});
const pulse = (hwi: string, at: Date, bpm: number, index = '0') => ({
  metric: 'pulse',
  hwi_device_id: hwi,
  value_1: String(bpm),
  value_2: null,
  timestamp: at.toISOString(),
  filter_params: { measurement_index: index },
});

async function send(payload: unknown) {
  const res = await deliver(w.t.app, 'tenovi', payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { stored: number; duplicates: number };
}

/**
 * Sends payloads stored in one batch (group commit, decision 0009): a lead delivery of another device
 * holds the first batch a moment, as a PostgreSQL round trip would, and the payloads wait and are stored
 * together. Answers theirs.
 */
async function inOneBatch(lead: unknown, ...payloads: unknown[]) {
  const readingsService = w.t.app.vigil.readings;
  const recordMany = readingsService.recordMany.bind(readingsService);
  let batches = 0;
  const spy = vi.spyOn(readingsService, 'recordMany').mockImplementation(async (inputs, tx) => {
    batches += 1;
    if (batches === 1) await new Promise((resolve) => setTimeout(resolve, 300));
    return recordMany(inputs, tx);
  });
  try {
    const answers = await Promise.all([lead, ...payloads].map(send));
    expect(batches).toBe(2);
    return answers.slice(1);
  } finally {
    spy.mockRestore();
  }
}

const valuesOf = async (patientId: string) =>
  (await readingsOf(db(), patientId)).map((r) => ({
    takenAt: r.takenAt,
    systolic: r.systolic,
    diastolic: r.diastolic,
    heartRate: r.heartRate,
  }));

const openAlerts = async (patientId: string) =>
  (await db().select().from(alerts).where(eq(alerts.patientId, patientId)))
    .filter((a) => !a.dismissedAt)
    .map((a) => ({ type: a.type, readingDate: a.readingDate }));

describe('a blood pressure and its pulse in two requests', () => {
  it('the pulse completes the stored blood pressure; either sent again is a duplicate', async () => {
    const { patientId, hwi } = await patientWithCuff();
    const at = new Date(w.t.clock.now().getTime() - 2 * hour);
    const bp = bloodPressure(hwi, at, 142, 91);
    const hr = pulse(hwi, at, 77);

    expect(await send(bp)).toEqual({ stored: 1, duplicates: 0 });
    expect(await send(hr)).toEqual({ stored: 1, duplicates: 0 });
    expect(await send(hr)).toEqual({ stored: 0, duplicates: 1 });
    expect(await send(bp)).toEqual({ stored: 0, duplicates: 1 });

    const [reading, ...others] = await readingsOf(db(), patientId);
    expect(others).toEqual([]);
    expect(reading).toMatchObject({ systolic: 142, diastolic: 91, heartRate: 77, raw: [bp, hr] });
    const trail = await db()
      .select({ action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'reading'), eq(auditEvents.entityId, reading!.id)))
      .orderBy(asc(auditEvents.written));
    expect(trail.map((e) => ({ action: e.action, message: e.details?.message }))).toEqual([
      { action: 'reading.created', message: 'Received a reading from Tenovi: 142/91 mmHg' },
      { action: 'reading.completed', message: 'Completed a reading from Tenovi: 142/91 mmHg, 77 bpm' },
    ]);
  });

  it('the blood pressure completes a pulse stored first', async () => {
    const { patientId, hwi } = await patientWithCuff();
    const at = new Date(w.t.clock.now().getTime() - 3 * hour);
    expect(await send(pulse(hwi, at, 64))).toEqual({ stored: 1, duplicates: 0 });
    expect(await send(bloodPressure(hwi, at, 128, 82))).toEqual({ stored: 1, duplicates: 0 });
    expect(await send(pulse(hwi, at, 64))).toEqual({ stored: 0, duplicates: 1 });
    expect(await valuesOf(patientId)).toEqual([{ takenAt: at, systolic: 128, diastolic: 82, heartRate: 64 }]);
  });

  it('sent at the same moment (one batch), they make one reading', async () => {
    const { patientId, hwi } = await patientWithCuff();
    const at = new Date(w.t.clock.now().getTime() - 4 * hour);
    const other = await patientWithCuff();
    const answers = await inOneBatch(
      pulse(other.hwi, at, 60),
      bloodPressure(hwi, at, 150, 95),
      pulse(hwi, at, 88),
      pulse(hwi, at, 88),
    );
    expect(answers).toEqual([
      { stored: 1, duplicates: 0 },
      { stored: 1, duplicates: 0 },
      { stored: 0, duplicates: 1 },
    ]);
    expect(await valuesOf(patientId)).toEqual([{ takenAt: at, systolic: 150, diastolic: 95, heartRate: 88 }]);
  });

  it('a pulse of another instant, or of another device at the same instant, is a reading of its own', async () => {
    const { patientId, hwi } = await patientWithCuff();
    const other = await patientWithCuff();
    const at = new Date(w.t.clock.now().getTime() - 5 * hour);
    const later = new Date(at.getTime() + 1000);
    await send(bloodPressure(hwi, at, 131, 84));
    await send(pulse(hwi, later, 70));
    await send(pulse(other.hwi, at, 71));
    expect(await valuesOf(patientId)).toEqual([
      { takenAt: at, systolic: 131, diastolic: 84, heartRate: null },
      { takenAt: later, systolic: null, diastolic: null, heartRate: 70 },
    ]);
    expect(await valuesOf(other.patientId)).toEqual([
      { takenAt: at, systolic: null, diastolic: null, heartRate: 71 },
    ]);
  });
});

describe('parts, arrays and removed readings', () => {
  it('a pulse pairs with the blood pressure of its measurement index, and any notation of the instant is one', async () => {
    const { patientId, hwi } = await patientWithCuff();
    const at = new Date(w.t.clock.now().getTime() - 9 * hour);
    await send(bloodPressure(hwi, at, 150, 90, '1'));
    await send(bloodPressure(hwi, at, 120, 70, '2'));
    await send({ ...pulse(hwi, at, 100, '2'), timestamp: at.toISOString().replace('.000Z', '+00:00') });
    await send(pulse(hwi, at, 60, '1'));
    expect(
      (await readingsOf(db(), patientId)).map((r) => [r.systolic, r.heartRate]).sort((a, b) => a[0]! - b[0]!),
    ).toEqual([
      [120, 100],
      [150, 60],
    ]);
  });

  it('a weight sent again in another notation of its instant is a duplicate', async () => {
    const { patientId, hwi } = await patientWithCuff();
    const at = new Date(w.t.clock.now().getTime() - 10 * hour);
    const weight = (timestamp: string | number) => ({
      metric: 'weight',
      hwi_device_id: hwi,
      value_1: '182.4',
      value_2: null,
      timestamp,
      filter_params: { measurement_index: '1' },
    });
    expect(await send(weight(at.toISOString()))).toEqual({ stored: 1, duplicates: 0 });
    expect(await send(weight(at.getTime() / 1000))).toEqual({ stored: 0, duplicates: 1 });
    expect(await send(weight(at.toISOString().replace('.000Z', '+00:00')))).toEqual({
      stored: 0,
      duplicates: 1,
    });
    expect((await readingsOf(db(), patientId)).map((r) => [r.takenAt, r.weightLbs])).toEqual([[at, 182.4]]);
  });

  it('an array after one of its parts completes the reading, in either order', async () => {
    const { patientId, hwi } = await patientWithCuff();
    const first = new Date(w.t.clock.now().getTime() - 10 * hour);
    const second = new Date(first.getTime() + 60_000);
    await send(pulse(hwi, first, 71));
    expect(await send([bloodPressure(hwi, first, 139, 85), pulse(hwi, first, 71)])).toEqual({
      stored: 1,
      duplicates: 0,
    });
    await send(bloodPressure(hwi, second, 141, 86));
    expect(await send([bloodPressure(hwi, second, 141, 86), pulse(hwi, second, 72)])).toEqual({
      stored: 1,
      duplicates: 0,
    });
    expect(await send([bloodPressure(hwi, second, 141, 86), pulse(hwi, second, 72)])).toEqual({
      stored: 0,
      duplicates: 1,
    });
    // Both parts again, each in its own request at the same moment (one batch): resends, nothing stored.
    const again = await Promise.all([
      send(bloodPressure(hwi, second, 141, 86)),
      send(pulse(hwi, second, 72)),
    ]);
    expect(again).toEqual([
      { stored: 0, duplicates: 1 },
      { stored: 0, duplicates: 1 },
    ]);
    expect(await valuesOf(patientId)).toEqual([
      { takenAt: first, systolic: 139, diastolic: 85, heartRate: 71 },
      { takenAt: second, systolic: 141, diastolic: 86, heartRate: 72 },
    ]);
  });

  it('parts sent again with the other in one batch answer as they would one after another; raw keeps each once', async () => {
    const { patientId, hwi } = await patientWithCuff();
    const other = await patientWithCuff();
    const at = new Date(w.t.clock.now().getTime() - 13 * hour);
    const later = new Date(at.getTime() + 60_000);
    await send(pulse(hwi, at, 71));
    expect(
      await inOneBatch(pulse(other.hwi, at, 60), bloodPressure(hwi, at, 139, 85), [
        bloodPressure(hwi, at, 139, 85),
        pulse(hwi, at, 71),
      ]),
    ).toEqual([
      { stored: 1, duplicates: 0 },
      { stored: 0, duplicates: 1 },
    ]);
    await send(bloodPressure(hwi, later, 141, 86));
    await send([bloodPressure(hwi, later, 141, 86), pulse(hwi, later, 72)]);
    const [first, second] = await readingsOf(db(), patientId);
    expect(first!.raw).toEqual([pulse(hwi, at, 71), bloodPressure(hwi, at, 139, 85)]);
    expect(second!.raw).toEqual([bloodPressure(hwi, later, 141, 86), pulse(hwi, later, 72)]);
  });

  it('both parts of a stored reading sent again in one batch are resends: no dismissed alert reopens', async () => {
    const { patientId, hwi } = await patientWithCuff();
    const other = await patientWithCuff();
    const at = new Date(w.t.clock.now().getTime() - 14 * hour);
    await send([bloodPressure(hwi, at, 195, 115), pulse(hwi, at, 70)]);
    const [alert] = await db().select().from(alerts).where(eq(alerts.patientId, patientId));
    expect(alert).toMatchObject({ type: 'BPHighSingle' });
    expect((await w.as('northStaff').post(`/api/alerts/${alert!.id}/dismiss`)).statusCode).toBe(200);

    const [bp, hr] = await inOneBatch(
      pulse(other.hwi, at, 60),
      bloodPressure(hwi, at, 195, 115),
      pulse(hwi, at, 70),
    );
    expect([bp, hr]).toEqual([
      { stored: 0, duplicates: 1 },
      { stored: 0, duplicates: 1 },
    ]);
    expect(await openAlerts(patientId)).toEqual([]);
    const [reading] = await readingsOf(db(), patientId);
    const events = await db()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'reading'), eq(auditEvents.entityId, reading!.id)));
    expect(events).toEqual([{ action: 'reading.created' }]);
  });

  it('a reading staff removed stays removed: its parts sent again are duplicates, a part it lacked is kept on it', async () => {
    const { patientId, hwi } = await patientWithCuff();
    const at = new Date(w.t.clock.now().getTime() - 11 * hour);
    const later = new Date(at.getTime() + 60_000);
    await send(bloodPressure(hwi, at, 150, 90));
    await send(pulse(hwi, at, 77));
    await send(pulse(hwi, later, 88));
    const [joined, alone] = await readingsOf(db(), patientId);
    for (const { id } of [joined!, alone!]) {
      const removed = await w.as('northStaff').delete(`/api/readings/${id}`);
      expect(removed.statusCode, removed.body).toBe(200);
    }

    expect(await send(pulse(hwi, at, 77))).toEqual({ stored: 0, duplicates: 1 });
    expect(await send(bloodPressure(hwi, at, 150, 90))).toEqual({ stored: 0, duplicates: 1 });
    expect(await send([pulse(hwi, later, 88), bloodPressure(hwi, later, 210, 120)])).toEqual({
      stored: 1,
      duplicates: 0,
    });
    const rows = await readingsOf(db(), patientId);
    expect(rows.map((r) => [r.systolic, r.heartRate, r.removedAt !== null])).toEqual([
      [150, 77, true],
      [210, 88, true],
    ]);
    expect(await openAlerts(patientId)).toEqual([]);
  });
});

describe('the alerts of a completed reading', () => {
  it('a high pulse completing a blood pressure opens the heart-rate alert on the reading', async () => {
    const { patientId, hwi } = await patientWithCuff();
    const at = new Date(w.t.clock.now().getTime() - 6 * hour);
    await send(bloodPressure(hwi, at, 132, 84));
    expect(await openAlerts(patientId)).toEqual([]);
    await send(pulse(hwi, at, 131));
    expect(await openAlerts(patientId)).toEqual([{ type: 'HeartRateHigh', readingDate: at }]);
  });

  it('a high blood pressure completing a pulse opens its alert', async () => {
    const { patientId, hwi } = await patientWithCuff();
    const at = new Date(w.t.clock.now().getTime() - 8 * hour);
    await send(pulse(hwi, at, 64));
    await send(bloodPressure(hwi, at, 204, 96));
    expect(await openAlerts(patientId)).toEqual([{ type: 'BPHighSingle', readingDate: at }]);
  });

  it('a heart-rate alert dismissed before the array arrived stays dismissed', async () => {
    const { patientId, hwi } = await patientWithCuff();
    const at = new Date(w.t.clock.now().getTime() - 12 * hour);
    await send(pulse(hwi, at, 131));
    const [stored] = await db().select().from(alerts).where(eq(alerts.patientId, patientId));
    expect(stored).toMatchObject({ type: 'HeartRateHigh', readingDate: at });
    const dismissed = await w.as('northStaff').post(`/api/alerts/${stored!.id}/dismiss`);
    expect(dismissed.statusCode, dismissed.body).toBe(200);

    await send([bloodPressure(hwi, at, 139, 85), pulse(hwi, at, 131)]);
    expect(await openAlerts(patientId)).toEqual([]);
    expect(await valuesOf(patientId)).toEqual([
      { takenAt: at, systolic: 139, diastolic: 85, heartRate: 131 },
    ]);
  });

  it('a blood-pressure alert dismissed before the pulse arrived stays dismissed', async () => {
    const { patientId, hwi } = await patientWithCuff();
    const at = new Date(w.t.clock.now().getTime() - 7 * hour);
    await send(bloodPressure(hwi, at, 205, 104));
    const [high] = await openAlerts(patientId);
    expect(high).toEqual({ type: 'BPHighSingle', readingDate: at });
    const [stored] = await db().select().from(alerts).where(eq(alerts.patientId, patientId));
    const dismissed = await w.as('northStaff').post(`/api/alerts/${stored!.id}/dismiss`);
    expect(dismissed.statusCode, dismissed.body).toBe(200);

    await send(pulse(hwi, at, 76));
    expect(await openAlerts(patientId)).toEqual([]);
    expect(await valuesOf(patientId)).toEqual([
      { takenAt: at, systolic: 205, diastolic: 104, heartRate: 76 },
    ]);
  });
});
