import { asc, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inconsistentEnrolments } from '../../test/enrolment-consistency.js';
import { createTestApp, createTestClock, type TestApp } from '../../test/test-app.js';
import { patients } from '../schema/index.js';

/** Three demos, seeded at different hours and days (their readings run up to the moment of seeding). */
const seededAt = ['2026-11-23T18:00:00Z', '2026-11-23T23:30:00Z', '2026-12-15T09:00:00Z'];
let apps: TestApp[] = [];

beforeAll(async () => {
  apps = await Promise.all(seededAt.map((at) => createTestApp({ clock: createTestClock(new Date(at)) })));
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
});

const people = (t: TestApp) =>
  t.app.vigil.database.db
    .select({
      id: patients.id,
      firstName: patients.firstName,
      lastName: patients.lastName,
      sex: patients.sex,
      dateOfBirth: patients.dateOfBirth,
      diagnosis: patients.diagnosis,
      mr: patients.mr,
    })
    .from(patients)
    .orderBy(asc(patients.id));

describe('the demo patients', () => {
  it('are the same people whatever the hour and day they are seeded, as the README walkthrough needs', async () => {
    const [first, ...others] = await Promise.all(apps.map(people));
    expect(first).toHaveLength(96);
    for (const other of others) expect(other).toEqual(first);
  });

  it('hold no review after the moment they are seeded (a morning seed had reviews at 11:00 to come)', async () => {
    for (const [i, t] of apps.entries()) {
      const reviews = await t.app.vigil.database.db
        .select({ at: patients.lastReviewedAt })
        .from(patients)
        .where(isNotNull(patients.lastReviewedAt));
      expect(reviews.length).toBeGreaterThan(0);
      expect(reviews.filter((r) => r.at! > new Date(seededAt[i]!))).toEqual([]);
    }
  });

  it('have the enrolment periods the patient form would have kept', async () => {
    for (const t of apps) expect(await inconsistentEnrolments(t.app.vigil.database.db)).toEqual([]);
  });
});
