import { type AlertType, gramsPerPound, type PatientListPage, type PriorityListRow } from '@vigil/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts } from '../../db/schema/index.js';
import { addPatient, createWorld, patientBody, type World } from '../patients/patient-fixtures.js';
import { deliver, pairDevice } from './ingestion-fixtures.js';

/**
 * A reading arriving by webhook that crosses a clinic threshold (the defaults: high 200/100, 190 on two days
 * and 180 on three days of a week, low 90, heart rate below 40 or above 120, 3 lbs in a day (2 for CHF),
 * 5 lbs in a week) opens its alert and moves the patient up the priority list.
 */
let w: World;
const db = () => w.t.app.vigil.database.db;
const hour = 3_600_000;
const day = 24 * hour;
let serial = 350000000000000;

beforeAll(async () => {
  w = await createWorld();
  // Patients without alerts, for the new alert to overtake. Their name sorts before the fixtures' 'PatN', so
  // a new patient who ties with them on the score (no reading yet) is listed after them, whatever N is.
  for (let i = 0; i < 3; i++) await addPatient(w, 'northStaff', patientBody({ firstName: `Calm${i}` }));
});
afterAll(() => w.close());

/** The North priority list, in its order, as the patient's physician sees it. */
async function rankOf(patientId: string) {
  const res = await w.as('northPhysician').get(`/api/pacients/patient-priority-list?pageSize=100`);
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json() as PatientListPage<PriorityListRow>;
  return { index: page.patientIds.indexOf(patientId), rows: page.patients };
}

type Bp = { systolic: number; diastolic: number; pulse: number };
type Sender = (imei: string, at: Date, bp: Bp, n: number) => unknown;

/** Blood pressure in each vendor's own format, so every webhook is shown to raise alerts. */
const bpSenders: Record<string, [brand: Parameters<typeof pairDevice>[2], vendor: string, Sender]> = {
  bodytrace: [
    'BODYTRACE',
    'bodytrace',
    (imei, at, bp) => ({
      imei,
      ts: at.getTime(),
      values: { systolic: bp.systolic * 133.322, diastolic: bp.diastolic * 133.322, pulse: bp.pulse },
    }),
  ],
  tenovi: [
    'Tenovi',
    'tenovi',
    (id, at, bp) => [
      {
        metric: 'blood_pressure',
        hwi_device_id: id,
        value_1: String(bp.systolic),
        value_2: String(bp.diastolic),
        timestamp: at.toISOString(),
      },
      { metric: 'pulse', hwi_device_id: id, value_1: String(bp.pulse), timestamp: at.toISOString() },
    ],
  ],
  pylo: [
    'Pylo',
    'pylo',
    (imei, at, bp, n) => ({
      id: `pylo-${imei}-${n}`,
      imei,
      reading_type: 'blood_pressure',
      ...bp,
      measured_at: at.toISOString(),
    }),
  ],
  edevice: [
    'EDEVICE',
    'edevice',
    (mac, at, bp, n) => ({
      hubSerialNumber: 'HUB-1',
      bluetoothMA: mac,
      id: `edv-${mac}-${n}`,
      type: 'bp',
      ...bp,
      measuredAt: at.toISOString(),
    }),
  ],
  'smart-meter': [
    'Smart Meter',
    'smart-meter',
    (imei, at, bp, n) => ({
      reading_id: `sm-${imei}-${n}`,
      imei,
      date_recorded: at.toISOString(),
      systolic_mmhg: bp.systolic,
      diastolic_mmhg: bp.diastolic,
      pulse_bpm: bp.pulse,
    }),
  ],
};

interface Case {
  type: AlertType;
  diagnosis?: 'CHF';
  /** Readings before the crossing one, none of which raises this alert, as [days ago, value]. */
  before: [number, Bp | number][];
  crossing: Bp | number;
  vendor?: keyof typeof bpSenders;
}

const bp = (systolic: number, diastolic = 80, pulse = 70): Bp => ({ systolic, diastolic, pulse });
const cases: Case[] = [
  { type: 'BPHighSingle', before: [], crossing: bp(205, 95), vendor: 'bodytrace' },
  { type: 'BPHighTwoDaysInWeek', before: [[2, bp(195)]], crossing: bp(195), vendor: 'tenovi' },
  {
    type: 'BPHighThreeDaysInWeek',
    before: [
      [3, bp(185)],
      [1, bp(185)],
    ],
    crossing: bp(185),
    vendor: 'pylo',
  },
  { type: 'BPLow', before: [[1, bp(120)]], crossing: bp(85, 60), vendor: 'edevice' },
  { type: 'HeartRateLow', before: [], crossing: bp(120, 80, 35), vendor: 'smart-meter' },
  { type: 'HeartRateHigh', before: [], crossing: bp(120, 80, 130), vendor: 'tenovi' },
  { type: 'WeightThreePoundsIn1Day', before: [[1, 150]], crossing: 153.5 },
  { type: 'WeightTwoPoundsIn1Day', diagnosis: 'CHF', before: [[1, 150]], crossing: 152.5 },
  { type: 'WeightFivePoundsInWeek', before: [[5, 150]], crossing: 155.5 },
];

describe('a webhook reading crossing a threshold', () => {
  it.each(cases)('$type: opens the alert and moves the patient up the priority list', async (c) => {
    const patientId = await addPatient(
      w,
      'northStaff',
      patientBody({ diagnosis: c.diagnosis ?? 'Hypertension' }),
    );
    const weight = typeof c.crossing === 'number';
    const [brand, vendor, send] = weight
      ? (['BODYTRACE', 'bodytrace', null] as const)
      : bpSenders[c.vendor ?? 'bodytrace']!;
    serial += 8;
    const identifier =
      brand === 'EDEVICE' ? `A4:C1:38:00:00:${String(serial % 100).padStart(2, '0')}` : String(serial);
    await pairDevice(db(), patientId, brand, identifier);
    let n = 0;
    const post = async (daysAgo: number, value: Bp | number) => {
      const at = new Date(w.t.clock.now().getTime() - daysAgo * day - hour);
      n += 1;
      const payload =
        typeof value === 'number'
          ? { imei: identifier, ts: at.getTime(), values: { weight: Math.round(value * gramsPerPound) } }
          : send!(identifier, at, value, n);
      const res = await deliver(w.t.app, vendor as Parameters<typeof deliver>[1], payload);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ stored: 1, duplicates: 0 });
    };

    for (const [daysAgo, value] of c.before) await post(daysAgo, value);
    const openTypes = async () =>
      (await db().select().from(alerts).where(eq(alerts.patientId, patientId)))
        .filter((a) => !a.dismissedAt)
        .map((a) => a.type);
    expect(await openTypes()).not.toContain(c.type);
    const before = await rankOf(patientId);

    await post(0, c.crossing);
    expect(await openTypes()).toContain(c.type);
    const after = await rankOf(patientId);
    const row = after.rows.find((r) => r._id === patientId)!;
    expect(row.highestPriorityAlertCategory).toBe('Clinical');
    expect(row.numActiveAlerts).toBeGreaterThanOrEqual(1);
    expect(after.index).toBeLessThan(before.index);
    // Ahead of every patient without an active alert.
    const calm = after.rows.filter((r) => r.numActiveAlerts === 0).map((r) => after.rows.indexOf(r));
    expect(calm.every((i) => i > after.index)).toBe(true);
    expect(row.lastReading).not.toBeNull();
  });
});

describe('a device that syncs after days offline', () => {
  it('raises the alerts of its late readings and moves the patient up the priority list', async () => {
    const patientId = await addPatient(w, 'northStaff', patientBody());
    serial += 8;
    const imei = String(serial);
    await pairDevice(db(), patientId, 'Pylo', imei);
    const before = await rankOf(patientId);
    const takenAt = new Date(w.t.clock.now().getTime() - 10 * day);
    const [, , send] = bpSenders.pylo!;
    const res = await deliver(w.t.app, 'pylo', send(imei, takenAt, bp(210, 95), 1));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ stored: 1, duplicates: 0 });

    const opened = await db().select().from(alerts).where(eq(alerts.patientId, patientId));
    expect(opened.map((a) => [a.type, a.readingDate])).toEqual([['BPHighSingle', takenAt]]);
    const after = await rankOf(patientId);
    expect(after.rows.find((r) => r._id === patientId)!.highestPriorityAlertCategory).toBe('Clinical');
    expect(after.index).toBeLessThan(before.index);
  });
});
