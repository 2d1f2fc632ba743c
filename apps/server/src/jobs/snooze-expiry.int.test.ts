import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, patients } from '../db/schema/index.js';
import { demoIds } from '../db/seed/demo.js';
import { refreshPatientMetrics } from '../features/patients/patient-metrics.service.js';
import { storedMetrics } from '../test/expected-metrics.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { refreshExpiredSnoozes } from './snooze-expiry.job.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const minute = 60_000;
const db = () => t.app.vigil.database.db;

describe('the snooze expiry run', () => {
  it('counts a snoozed alert again once its snooze has run out', async () => {
    const [patient] = await db()
      .insert(patients)
      .values({
        clinicId: demoIds.sunrise,
        firstName: 'Snoozy',
        lastName: 'Patient',
        enrolled: true,
        everEnrolled: true,
        active: true,
        enrolledAt: t.clock.now(),
      })
      .returning();
    const until = new Date(t.clock.now().getTime() + 90 * minute);
    await db().insert(alerts).values({
      clinicId: demoIds.sunrise,
      patientId: patient!.id,
      category: 'Manual',
      type: 'CallFollowUp',
      readingDate: t.clock.now(),
      snoozedUntil: until,
      customDescription: 'Call back',
      createdBy: demoIds.staffSunrise,
    });
    await refreshPatientMetrics(db(), patient!.id, t.clock.now());
    expect(await storedMetrics(db(), patient!.id)).toMatchObject({
      numActiveAlerts: 0,
      nextSnoozeEnd: until.getTime(),
    });

    const deps = { db: db(), clock: t.clock };
    expect(await refreshExpiredSnoozes(deps)).not.toContain(patient!.id);
    t.clock.advance(91 * minute);
    expect(await refreshExpiredSnoozes(deps)).toContain(patient!.id);
    expect(await storedMetrics(db(), patient!.id)).toMatchObject({
      numActiveAlerts: 1,
      highestPriorityAlertCategory: 'Manual',
      nextSnoozeEnd: null,
    });
    expect(await refreshExpiredSnoozes(deps)).not.toContain(patient!.id);
  });
});
