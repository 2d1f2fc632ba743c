import { calendarDay, startOfCalendarDay } from '@vigil/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, patientMetrics, patients } from '../db/schema/index.js';
import { demoIds } from '../db/seed/demo.js';
import {
  refreshManyPatientMetrics,
  refreshPatientMetrics,
} from '../features/patients/patient-metrics.service.js';
import { expectedMetrics, storedMetrics } from '../test/expected-metrics.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { evaluateAdherenceOfAllClinics, refreshMetricsAfterMidnight } from './refresh-metrics.job.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const hour = 3_600_000;
const day = 24 * hour;
const tz = 'America/Los_Angeles';
const db = () => t.app.vigil.database.db;
const deps = () => ({ db: db(), clock: t.clock });

async function enrolledPatient(lastName: string, enrolledDaysAgo: number) {
  const [row] = await db()
    .insert(patients)
    .values({
      clinicId: demoIds.harbor,
      firstName: 'Adherence',
      lastName,
      diagnosis: 'CHF',
      enrolled: true,
      everEnrolled: true,
      active: true,
      enrolledAt: new Date(t.clock.now().getTime() - enrolledDaysAgo * day),
      assignedPhysicianId: demoIds.physicianHarbor,
    })
    .returning();
  await refreshPatientMetrics(db(), row!.id, t.clock.now());
  return row!;
}

const adherenceAlerts = (patientId: string) =>
  db()
    .select()
    .from(alerts)
    .where(and(eq(alerts.patientId, patientId), eq(alerts.category, 'AdherenceCoaching')));

/** Moves the test clock to `minutes` past the clinic's next midnight. */
function pastNextMidnight(minutes: number) {
  const midnight = startOfCalendarDay(calendarDay(t.clock.now(), tz) + 1, tz);
  t.clock.advance(midnight.getTime() + minutes * 60_000 - t.clock.now().getTime());
}

describe('the midnight metrics run', () => {
  it('leaves a clinic alone while its metrics are from today', async () => {
    expect(await refreshMetricsAfterMidnight(deps())).toEqual([]);
  });

  it('after midnight, refreshes every patient of each clinic to what the core computes', async () => {
    const id = (await db().select({ id: patients.id }).from(patients).limit(1))[0]!.id;
    const before = await storedMetrics(db(), id);
    pastNextMidnight(7);
    expect((await refreshMetricsAfterMidnight(deps())).sort()).toEqual(
      [demoIds.sunrise, demoIds.harbor].sort(),
    );
    const rows = await db()
      .select({ id: patientMetrics.patientId, at: patientMetrics.computedAt })
      .from(patientMetrics);
    // Every patient of the two clinics has its row, each computed now.
    const everyPatient = await db().select({ id: patients.id }).from(patients);
    expect(rows.map((r) => r.id).sort()).toEqual(everyPatient.map((p) => p.id).sort());
    expect(rows.every((r) => r.at.getTime() === t.clock.now().getTime())).toBe(true);
    for (const { id: patientId } of rows) {
      expect(await storedMetrics(db(), patientId)).toEqual(
        await expectedMetrics(db(), patientId, t.clock.now()),
      );
    }
    // A day later, the days since the last reading moved the score of a patient who has readings.
    expect(before).toBeDefined();
    expect((await storedMetrics(db(), id))!.priorityScore).not.toBe(before!.priorityScore);
    expect(await refreshMetricsAfterMidnight(deps())).toEqual([]);
  });

  it('keeps a row that a reading refreshed after the run read its patients', async () => {
    const patient = await enrolledPatient('Raced', 40);
    const runStarted = t.clock.now();
    t.clock.advance(60_000);
    await t.app.vigil.readings.record({
      patientId: patient.id,
      takenAt: t.clock.now(),
      systolic: 230,
      diastolic: 125,
      source: 'BODYTRACE',
      vendorReadingId: 'raced-bt-1',
    });
    const fresh = await storedMetrics(db(), patient.id);
    expect(fresh).toMatchObject({ numActiveAlerts: 1, lastBpSystolic: 230 });
    // The run that read the patient before the reading writes last: the newer row stands.
    await refreshManyPatientMetrics(db(), [patient.id], runStarted);
    expect(await storedMetrics(db(), patient.id)).toEqual(fresh);
    // A run after the reading replaces it.
    t.clock.advance(60_000);
    await refreshManyPatientMetrics(db(), [patient.id], t.clock.now());
    const [row] = await db()
      .select({ at: patientMetrics.computedAt })
      .from(patientMetrics)
      .where(eq(patientMetrics.patientId, patient.id));
    expect(row!.at).toEqual(t.clock.now());
  });
});

describe('the hourly adherence run', () => {
  it('opens the established-patient alert after five whole days without a reading, once', async () => {
    const patient = await enrolledPatient('Established', 40);
    await t.app.vigil.readings.record({
      patientId: patient.id,
      takenAt: new Date(t.clock.now().getTime() - hour),
      weightLbs: 201.2,
      source: 'BODYTRACE',
      vendorReadingId: 'adherence-bt-1',
    });
    expect(await evaluateAdherenceOfAllClinics(deps())).not.toContain(patient.id);

    pastNextMidnight(30);
    t.clock.advance(5 * day);
    expect(await evaluateAdherenceOfAllClinics(deps())).toContain(patient.id);
    t.clock.advance(hour);
    expect(await evaluateAdherenceOfAllClinics(deps())).not.toContain(patient.id);
    const open = await adherenceAlerts(patient.id);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      type: 'AdherenceEstablishedPatientNoReadingForFiveDays',
      clinicId: demoIds.harbor,
    });
    // The later run moved the alert's date to its own time, as the core's finding says.
    expect(open[0]!.readingDate).toEqual(t.clock.now());
    expect(await storedMetrics(db(), patient.id)).toMatchObject({
      numActiveAlerts: 1,
      highestPriorityAlertCategory: 'AdherenceCoaching',
    });
  });

  it('opens the new-patient alert after one whole day without a reading', async () => {
    const patient = await enrolledPatient('Newcomer', 0);
    expect(await evaluateAdherenceOfAllClinics(deps())).not.toContain(patient.id);
    pastNextMidnight(5);
    pastNextMidnight(5);
    expect(await evaluateAdherenceOfAllClinics(deps())).toContain(patient.id);
    expect((await adherenceAlerts(patient.id)).map((a) => a.type)).toEqual([
      'AdherenceNewPatientNoReadingForOneDay',
    ]);
  });

  it('a cleared alert stays cleared for the rest of its lapse; after a reading, a new lapse fires again', async () => {
    const patient = await enrolledPatient('Coached', 40);
    const weigh = (id: string) =>
      t.app.vigil.readings.record({
        patientId: patient.id,
        takenAt: t.clock.now(),
        weightLbs: 201.2,
        source: 'BODYTRACE',
        vendorReadingId: id,
      });
    await weigh('coached-bt-1');
    pastNextMidnight(30);
    t.clock.advance(5 * day);
    expect(await evaluateAdherenceOfAllClinics(deps())).toContain(patient.id);
    const [opened] = await adherenceAlerts(patient.id);
    await db().update(alerts).set({ dismissedAt: t.clock.now() }).where(eq(alerts.id, opened!.id));
    await refreshPatientMetrics(db(), patient.id, t.clock.now());

    for (const _ of [1, 2, 3]) {
      t.clock.advance(hour);
      expect(await evaluateAdherenceOfAllClinics(deps())).not.toContain(patient.id);
    }
    expect((await adherenceAlerts(patient.id)).filter((a) => !a.dismissedAt)).toEqual([]);
    expect(await storedMetrics(db(), patient.id)).toMatchObject({ numActiveAlerts: 0 });

    await weigh('coached-bt-2');
    pastNextMidnight(30);
    t.clock.advance(5 * day);
    expect(await evaluateAdherenceOfAllClinics(deps())).toContain(patient.id);
    expect((await adherenceAlerts(patient.id)).filter((a) => !a.dismissedAt)).toHaveLength(1);
  });

  it('a reading taken before a cleared alert’s run but arriving after it ends the lapse: the next one fires', async () => {
    const patient = await enrolledPatient('Latecomer', 40);
    const weigh = (id: string, takenAt: Date) =>
      t.app.vigil.readings.record({
        patientId: patient.id,
        takenAt,
        weightLbs: 201.2,
        source: 'BODYTRACE',
        vendorReadingId: id,
      });
    await weigh('late-bt-1', t.clock.now());
    pastNextMidnight(30);
    t.clock.advance(5 * day);
    expect(await evaluateAdherenceOfAllClinics(deps())).toContain(patient.id);
    const run = t.clock.now().getTime();
    // The scale's reading of ten minutes before that run arrives after it; then staff clear the alert.
    t.clock.advance(5 * 60_000);
    await weigh('late-bt-2', new Date(run - 10 * 60_000));
    const [opened] = await adherenceAlerts(patient.id);
    await db().update(alerts).set({ dismissedAt: t.clock.now() }).where(eq(alerts.id, opened!.id));

    pastNextMidnight(30);
    t.clock.advance(5 * day);
    expect(await evaluateAdherenceOfAllClinics(deps())).toContain(patient.id);
    expect((await adherenceAlerts(patient.id)).filter((a) => !a.dismissedAt)).toHaveLength(1);
  });

  it('leaves patients who are not enrolled or not active alone', async () => {
    const patient = await enrolledPatient('Paused', 40);
    await db().update(patients).set({ active: false }).where(eq(patients.id, patient.id));
    t.clock.advance(10 * day);
    expect(await evaluateAdherenceOfAllClinics(deps())).not.toContain(patient.id);
    expect(await adherenceAlerts(patient.id)).toHaveLength(0);
  });
});
