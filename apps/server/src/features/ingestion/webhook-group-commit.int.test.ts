import { pascalsPerMmHg } from '@vigil/core';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { alerts, patientDayRollups, readings } from '../../db/schema/index.js';
import { expectedMetrics, storedMetrics } from '../../test/expected-metrics.js';
import { addPatient, createWorld, patientBody, type World } from '../patients/patient-fixtures.js';
import type { RecordReadingInput } from '../readings/readings.service.js';
import { deliver, deviceRow, pairDevice, unrecognisedRow, type Vendor } from './ingestion-fixtures.js';

/**
 * Webhooks that arrive together are stored in one transaction (group commit, decision 0009), and end
 * exactly as the same deliveries one after the other: the same answers, readings, alerts, day rollups,
 * list metrics, devices' last-seen state and unrecognised counts. One failing delivery fails alone.
 */
let w: World;
const db = () => w.t.app.vigil.database.db;
const app = () => w.t.app;
const hour = 3_600_000;
const day = 24 * hour;
let serial = 358000000000000;
const nextSerial = () => String(serial++);

beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.close());
afterEach(() => vi.restoreAllMocks());

/** One run's patients and devices: a scale, a cuff, a patient with a cuff and a scale, a Tenovi cuff. */
async function newRun() {
  const patient = () => addPatient(w, 'northStaff', patientBody());
  const p = { scale: await patient(), cuff: await patient(), both: await patient(), tenovi: await patient() };
  const imei = {
    scale: nextSerial(),
    cuff: nextSerial(),
    bothCuff: nextSerial(),
    bothScale: nextSerial(),
    unpaired: nextSerial(),
    unknown: nextSerial(),
  };
  const tenovi = { paired: `TNV-${nextSerial()}`, unknown: `TNV-${nextSerial()}` };
  const dev = {
    scale: (await pairDevice(db(), p.scale, 'BODYTRACE', imei.scale)).id,
    cuff: (await pairDevice(db(), p.cuff, 'BODYTRACE', imei.cuff)).id,
    bothCuff: (await pairDevice(db(), p.both, 'BODYTRACE', imei.bothCuff)).id,
    bothScale: (await pairDevice(db(), p.both, 'BODYTRACE', imei.bothScale)).id,
    unpaired: (await pairDevice(db(), p.scale, 'BODYTRACE', imei.unpaired, { pairing: 'none' })).id,
    tenovi: (await pairDevice(db(), p.tenovi, 'Tenovi', tenovi.paired)).id,
  };
  return { p, imei, tenovi, dev };
}
type Run = Awaited<ReturnType<typeof newRun>>;

const ago = (ms: number) => w.t.clock.now().getTime() - ms;
const scale = (imei: string, at: number, lbs: number) => ({
  imei,
  ts: at,
  signalStrength: 80,
  values: { unit: 1, weight: Math.round(lbs * 453.59237), tare: 0 },
});
const cuff = (imei: string, at: number, systolic: number, diastolic = 80) => ({
  imei,
  ts: at,
  signalStrength: 70,
  values: { systolic: systolic * pascalsPerMmHg, diastolic: diastolic * pascalsPerMmHg, pulse: 72 },
});
const tenoviBp = (id: string, at: number, systolic: number) => ({
  metric: 'blood_pressure',
  hwi_device_id: id,
  value_1: String(systolic),
  value_2: '85',
  timestamp: new Date(at).toISOString(),
});

/**
 * Twenty deliveries: several for one patient (alerts opened and moved among them), several patients, a
 * payload delivered twice, an unknown device twice, an unpaired one, a heartbeat, and a Tenovi payload
 * with a paired and an unknown device.
 */
function burst(r: Run): [Vendor, unknown][] {
  const first = scale(r.imei.scale, ago(3 * day), 180);
  return [
    ['bodytrace', first],
    ['bodytrace', scale(r.imei.scale, ago(2 * day), 181)],
    ['bodytrace', scale(r.imei.scale, ago(day), 184.5)],
    ['bodytrace', scale(r.imei.scale, ago(2 * hour), 186)],
    ['bodytrace', first],
    ['bodytrace', cuff(r.imei.cuff, ago(3 * day), 185)],
    ['bodytrace', cuff(r.imei.cuff, ago(2 * day), 186)],
    ['bodytrace', cuff(r.imei.cuff, ago(day), 187)],
    ['bodytrace', cuff(r.imei.cuff, ago(5 * hour), 205, 95)],
    ['bodytrace', cuff(r.imei.cuff, ago(4 * hour), 212, 101)],
    ['bodytrace', cuff(r.imei.bothCuff, ago(2 * day), 195)],
    ['bodytrace', cuff(r.imei.bothCuff, ago(day), 196)],
    ['bodytrace', scale(r.imei.bothScale, ago(day), 150)],
    ['bodytrace', scale(r.imei.bothScale, ago(3 * hour), 150.4)],
    ['bodytrace', { imei: r.imei.cuff, ts: ago(hour), signalStrength: 70, values: {} }],
    ['bodytrace', scale(r.imei.unknown, ago(hour), 170)],
    ['bodytrace', scale(r.imei.unknown, ago(hour / 2), 170)],
    ['bodytrace', scale(r.imei.unpaired, ago(hour), 170)],
    ['tenovi', [tenoviBp(r.tenovi.paired, ago(day), 192), tenoviBp(r.tenovi.unknown, ago(day), 150)]],
    ['tenovi', [tenoviBp(r.tenovi.paired, ago(hour), 193)]],
  ];
}

/** What a patient ends with, without ids; the stored metrics are checked against the core's figures. */
async function patientOutcome(patientId: string) {
  const rows = await db()
    .select()
    .from(readings)
    .where(eq(readings.patientId, patientId))
    .orderBy(asc(readings.takenAt), asc(readings.source));
  const alertRows = await db()
    .select()
    .from(alerts)
    .where(eq(alerts.patientId, patientId))
    .orderBy(asc(alerts.type));
  const rollups = await db()
    .select()
    .from(patientDayRollups)
    .where(eq(patientDayRollups.patientId, patientId))
    .orderBy(asc(patientDayRollups.day));
  const metrics = await storedMetrics(db(), patientId);
  expect(metrics).toEqual(await expectedMetrics(db(), patientId, w.t.clock.now()));
  return {
    readings: rows.map((r) => [r.takenAt.getTime(), r.systolic, r.diastolic, r.heartRate, r.weightLbs]),
    alerts: alertRows.map((a) => [a.type, a.category, a.readingDate?.getTime()]),
    rollups: rollups.map((r) => [r.day, r.readings, r.deviceReadings]),
    metrics,
  };
}

async function runOutcome(r: Run) {
  const device = async (id: string) => {
    const row = await deviceRow(db(), id);
    return [row.lastSeenAt?.getTime(), row.lastConnectedAt?.getTime(), row.signal, row.type];
  };
  const unrecognised = async (source: string, identifier: string) => {
    const row = await unrecognisedRow(db(), source, identifier);
    return row && [row.reason, row.count];
  };
  return {
    patients: await Promise.all(Object.values(r.p).map(patientOutcome)),
    devices: await Promise.all(Object.values(r.dev).map(device)),
    unrecognised: [
      await unrecognised('BODYTRACE', r.imei.unknown),
      await unrecognised('BODYTRACE', r.imei.unpaired),
      await unrecognised('TENOVI', r.tenovi.unknown.toUpperCase()),
    ],
  };
}

const answers = (responses: { statusCode: number; body: string }[]) =>
  responses.map((res) => `${res.statusCode} ${res.body}`).sort();

describe('concurrent webhook deliveries', () => {
  it('end exactly as the same deliveries one after the other, stored in shared batches', async () => {
    const sequentialRun = await newRun();
    const sequential = [];
    for (const [vendor, payload] of burst(sequentialRun))
      sequential.push(await deliver(app(), vendor, payload));

    const batchSizes: number[] = [];
    const readingsService = app().vigil.readings;
    const recordMany = readingsService.recordMany.bind(readingsService);
    // PGlite answers within microtasks, so a transaction would end before the next request is read: the
    // first batch waits a moment, as a PostgreSQL round trip would, and the rest of the burst queues.
    vi.spyOn(readingsService, 'recordMany').mockImplementation(async (inputs, tx) => {
      batchSizes.push(inputs.length);
      if (batchSizes.length === 1) await new Promise((resolve) => setTimeout(resolve, 300));
      return recordMany(inputs, tx);
    });
    const burstRun = await newRun();
    const together = await Promise.all(
      burst(burstRun).map(([vendor, payload]) => deliver(app(), vendor, payload)),
    );

    expect(answers(together)).toEqual(answers(sequential));
    expect(answers(together).filter((a) => a.startsWith('202'))).toHaveLength(3);
    // Deliveries waited for the batch before them and were stored together.
    expect(Math.max(...batchSizes)).toBeGreaterThan(10);
    const expected = await runOutcome(sequentialRun);
    expect(await runOutcome(burstRun)).toEqual(expected);
    // The burst did what it was meant to: alerts opened and moved, a resend stored once, unknowns counted.
    expect(expected.patients[1]!.alerts.map((a) => a[0])).toEqual(
      expect.arrayContaining(['BPHighSingle', 'BPHighThreeDaysInWeek']),
    );
    expect(expected.patients[0]!.readings).toHaveLength(4);
    expect(expected.unrecognised).toEqual([
      ['unknownDevice', 2],
      ['unpaired', 1],
      ['unknownDevice', 1],
    ]);
  });

  it('fail only the delivery whose storing fails, which stores nothing; the others are stored', async () => {
    const run = await newRun();
    const readingsService = app().vigil.readings;
    const recordMany = readingsService.recordMany.bind(readingsService);
    const victim = run.p.both;
    const calls: RecordReadingInput[][] = [];
    vi.spyOn(readingsService, 'recordMany').mockImplementation(async (inputs, tx) => {
      calls.push([...inputs]);
      if (calls.length === 1) await new Promise((resolve) => setTimeout(resolve, 300));
      if (inputs.some((i) => i.patientId === victim)) throw new Error('forced failure');
      return recordMany(inputs, tx);
    });
    const payloads: [Vendor, unknown][] = [
      ['bodytrace', scale(run.imei.scale, ago(2 * hour), 180)],
      ['bodytrace', cuff(run.imei.cuff, ago(2 * hour), 205, 95)],
      ['bodytrace', cuff(run.imei.bothCuff, ago(2 * hour), 130)],
      ['bodytrace', scale(run.imei.scale, ago(hour), 180.5)],
      ['bodytrace', scale(run.imei.unknown, ago(hour), 170)],
      ['bodytrace', cuff(run.imei.cuff, ago(hour), 131)],
    ];
    const res = await Promise.all(payloads.map(([vendor, payload]) => deliver(app(), vendor, payload)));
    expect(res.map((r) => r.statusCode)).toEqual([200, 200, 500, 200, 202, 200]);
    expect(res[2]!.json().message).not.toContain('forced');
    // The victim's batch failed as a whole, then each of its deliveries was stored on its own.
    expect(calls.some((c) => c.some((i) => i.patientId === victim) && c.length > 1)).toBe(true);
    expect(calls.some((c) => c.length === 1 && c[0]!.patientId === victim)).toBe(true);

    const outcome = await runOutcome(run);
    expect(outcome.patients[0]!.readings).toHaveLength(2);
    expect(outcome.patients[1]!.readings).toHaveLength(2);
    expect(outcome.patients[1]!.alerts.map((a) => a[0])).toEqual(['BPHighSingle']);
    expect(outcome.patients[2]!.readings).toEqual([]);
    // Its device's last-seen time went with the transaction that failed.
    expect(outcome.devices[2]).toEqual([undefined, undefined, null, null]);
    expect(outcome.unrecognised[0]).toEqual(['unknownDevice', 1]);
  });
});
