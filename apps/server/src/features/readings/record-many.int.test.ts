import { AppError } from '@vigil/core';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, patientDayRollups, patients, readings } from '../../db/schema/index.js';
import { demoIds } from '../../db/seed/demo.js';
import { expectedMetrics, storedMetrics } from '../../test/expected-metrics.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { refreshPatientMetrics } from '../patients/patient-metrics.service.js';
import type { RecordReadingInput } from './readings.service.js';

/**
 * `recordMany` is `record` called for each input in turn, in fewer statements: the same readings,
 * duplicates, alerts (opened and moved reading by reading), day rollups and list metrics.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const hour = 3_600_000;
const day = 24 * hour;
const db = () => t.app.vigil.database.db;
const service = () => t.app.vigil.readings;

let patientCount = 0;
async function newPatient(diagnosis = 'Hypertension') {
  patientCount++;
  const [row] = await db()
    .insert(patients)
    .values({
      clinicId: demoIds.sunrise,
      firstName: 'Batch',
      lastName: `Patient ${patientCount}`,
      diagnosis,
      enrolled: true,
      everEnrolled: true,
      active: true,
      enrolledAt: new Date(t.clock.now().getTime() - 30 * day),
      assignedPhysicianId: demoIds.physicianSunrise,
    })
    .returning();
  await refreshPatientMetrics(db(), row!.id, t.clock.now());
  return row!.id;
}

const ago = (ms: number) => new Date(t.clock.now().getTime() - ms);

/** What a patient ends with, without ids: readings, alerts, rollups and list metrics. */
async function outcomeOf(patientId: string) {
  const rows = await db()
    .select()
    .from(readings)
    .where(eq(readings.patientId, patientId))
    .orderBy(asc(readings.takenAt), asc(readings.vendorReadingId));
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
  expect(metrics).toEqual(await expectedMetrics(db(), patientId, t.clock.now()));
  return {
    readings: rows.map((r) => ({
      takenAt: r.takenAt.getTime(),
      systolic: r.systolic,
      diastolic: r.diastolic,
      heartRate: r.heartRate,
      weightLbs: r.weightLbs,
      source: r.source,
      // Vendor ids name the patient they were made for; the suffix is what both runs share.
      vendorReadingId: r.vendorReadingId?.split(':')[1] ?? null,
    })),
    alerts: alertRows.map((a) => ({
      type: a.type,
      category: a.category,
      readingDate: a.readingDate?.getTime() ?? null,
      dismissedAt: a.dismissedAt,
    })),
    rollups: rollups.map((r) => ({
      day: r.day,
      readings: r.readings,
      deviceReadings: r.deviceReadings,
    })),
    metrics,
  };
}

/** The same readings for any patient: vendor ids carry the patient, so each run stores its own. */
type Plan = (patientId: string) => RecordReadingInput[];

async function sequentialAndBatched(plan: Plan, diagnosis?: string) {
  const one = await newPatient(diagnosis);
  const many = await newPatient(diagnosis);
  const sequential = [];
  for (const input of plan(one)) sequential.push(await service().record(input));
  const batched = await service().recordMany(plan(many));
  expect(batched.map((r) => r.duplicate)).toEqual(sequential.map((r) => r.duplicate));
  expect(await outcomeOf(many)).toEqual(await outcomeOf(one));
  return { one, many, sequential, batched };
}

const bp = (
  patientId: string,
  at: Date,
  systolic: number,
  n: number,
  diastolic = 80,
): RecordReadingInput => ({
  patientId,
  takenAt: at,
  systolic,
  diastolic,
  heartRate: 70,
  source: 'WITHINGS',
  vendorReadingId: `${patientId}:${n}`,
});

describe('recordMany', () => {
  it('opens BPHighThreeDaysInWeek for three high readings on three days of one batch, as three calls do', async () => {
    const { many } = await sequentialAndBatched((p) => [
      bp(p, ago(3 * day), 185, 1),
      bp(p, ago(2 * day), 185, 2),
      bp(p, ago(1 * day), 185, 3),
    ]);
    const opened = await db().select().from(alerts).where(eq(alerts.patientId, many));
    expect(opened.map((a) => a.type)).toEqual(['BPHighThreeDaysInWeek']);
    expect(opened[0]!.readingDate).toEqual(ago(1 * day));
  });

  it('opens an alert and moves it forward within one batch, and opens the next rule when it crosses', async () => {
    const { many } = await sequentialAndBatched((p) => [
      bp(p, ago(4 * day), 205, 1, 95),
      bp(p, ago(3 * day), 120, 2),
      bp(p, ago(2 * day), 210, 3, 100),
      bp(p, ago(1 * day), 195, 4),
      bp(p, ago(2 * hour), 196, 5),
    ]);
    const byType = Object.fromEntries(
      (await db().select().from(alerts).where(eq(alerts.patientId, many))).map((a) => [a.type, a]),
    );
    expect(byType.BPHighSingle?.readingDate).toEqual(ago(2 * day));
    expect(byType.BPHighTwoDaysInWeek?.readingDate).toEqual(ago(2 * hour));
    expect(byType.BPHighThreeDaysInWeek?.readingDate).toEqual(ago(2 * hour));
  });

  it('answers a resend within the batch and one stored before it as duplicates, in input order', async () => {
    const { many, batched } = await sequentialAndBatched((p) => [
      bp(p, ago(5 * hour), 130, 1),
      bp(p, ago(4 * hour), 131, 2),
      bp(p, ago(5 * hour), 130, 1),
      { ...bp(p, ago(3 * hour), 132, 3), vendorReadingId: '  ' },
      { ...bp(p, ago(3 * hour), 132, 3), vendorReadingId: null },
    ]);
    expect(batched.map((r) => r.duplicate)).toEqual([false, false, true, false, false]);
    expect(batched[2]!.reading.id).toBe(batched[0]!.reading.id);
    // A second batch with one old and one new reading: the old one is answered with the stored row.
    const again = await service().recordMany([bp(many, ago(4 * hour), 131, 2), bp(many, ago(hour), 140, 6)]);
    expect(again.map((r) => r.duplicate)).toEqual([true, false]);
    expect(again[0]!.reading).toEqual(batched[1]!.reading);
  });

  it('keeps weight rules and CHF thresholds per patient, and several patients in one batch', async () => {
    const weights = (p: string) => [
      { patientId: p, takenAt: ago(3 * day), weightLbs: 180, source: 'BODYTRACE', vendorReadingId: `${p}:1` },
      {
        patientId: p,
        takenAt: ago(2 * day),
        weightLbs: 182.5,
        source: 'BODYTRACE',
        vendorReadingId: `${p}:2`,
      },
      { patientId: p, takenAt: ago(day), weightLbs: 186.2, source: 'BODYTRACE', vendorReadingId: `${p}:3` },
    ];
    const seqChf = await newPatient('CHF');
    const seqHtn = await newPatient();
    const batChf = await newPatient('CHF');
    const batHtn = await newPatient();
    for (const input of [...weights(seqChf), ...weights(seqHtn)]) await service().record(input);
    // Interleaved patients: each patient's readings still go in their input order.
    const a = weights(batChf);
    const b = weights(batHtn);
    await service().recordMany([a[0]!, b[0]!, a[1]!, b[1]!, b[2]!, a[2]!]);
    expect(await outcomeOf(batChf)).toEqual(await outcomeOf(seqChf));
    expect(await outcomeOf(batHtn)).toEqual(await outcomeOf(seqHtn));
    expect((await outcomeOf(batChf)).alerts.length).toBeGreaterThan(0);
  });

  it('stores nothing when a patient of the batch is unknown, and nothing when one reading is refused', async () => {
    const patientId = await newPatient();
    const before = await outcomeOf(patientId);
    const unknown = '00000000-0000-4000-8000-000000000001';
    await expect(
      service().recordMany([bp(patientId, ago(hour), 130, 1), bp(unknown, ago(hour), 130, 2)]),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const refused = service().recordMany([
      bp(patientId, ago(hour), 130, 3),
      bp(patientId, ago(hour), 900, 4),
    ]);
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(await outcomeOf(patientId)).toEqual(before);
  });
});
