import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inconsistentEnrolments } from '../../test/enrolment-consistency.js';
import { expectedMetrics, storedMetrics } from '../../test/expected-metrics.js';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { patientMetrics, patients, readings } from '../schema/index.js';
import { seedScaleClinic } from './scale.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the scale fixture', () => {
  it('builds a clinic of N patients with 90 days of readings and a metrics row each', async () => {
    const db = t.app.vigil.database.db;
    const clinic = await seedScaleClinic(db, { patients: 60, days: 90, seed: 42, now: t.clock.now() });
    expect(clinic.patientIds).toHaveLength(60);
    const [patientCount] = await db
      .select({ n: count() })
      .from(patients)
      .where(eq(patients.clinicId, clinic.clinicId));
    const [metricsCount] = await db
      .select({ n: count() })
      .from(patientMetrics)
      .where(eq(patientMetrics.clinicId, clinic.clinicId));
    const [readingCount] = await db
      .select({ n: count() })
      .from(readings)
      .where(eq(readings.clinicId, clinic.clinicId));
    expect(Number(patientCount!.n)).toBe(60);
    expect(Number(metricsCount!.n)).toBe(60);
    // About 1.3 readings a patient and day, across 90 days.
    expect(Number(readingCount!.n)).toBeGreaterThan(60 * 90);
    expect(await inconsistentEnrolments(db)).toEqual([]);
    for (const id of clinic.patientIds.slice(0, 12)) {
      expect(await storedMetrics(db, id)).toEqual(await expectedMetrics(db, id, t.clock.now()));
    }
    // Its accounts sign in with the demo password, for the benchmark's requests.
    await signIn(t.app, clinic.emails.physician);
  });
});
