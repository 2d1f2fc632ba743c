import { calendarDay } from '@vigil/core';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthOfDay } from '../../features/patients/patient-metrics.service.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { alerts, monthlyNotes, patients, staffNotes } from '../schema/index.js';

let t: TestApp;
const db = () => t.app.vigil.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo care notes', () => {
  it('give every patient who was ever enrolled two to four medications, each with its own id', async () => {
    const rows = await db().select().from(patients).where(eq(patients.everEnrolled, true));
    expect(rows.length).toBeGreaterThan(50);
    for (const row of rows) {
      expect(row.medications.length).toBeGreaterThanOrEqual(2);
      expect(row.medications.length).toBeLessThanOrEqual(4);
    }
    const ids = rows.flatMap((r) => r.medications.map((m) => m._id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(rows.some((r) => r.activeIssues !== '')).toBe(true);
    expect(rows.some((r) => r.activeIssues === '')).toBe(true);
  });

  it('keep the note that cleared each seeded alert as a staff note by the same user at the same time', async () => {
    const cleared = await db().select().from(alerts).where(isNotNull(alerts.dismissNote));
    expect(cleared.length).toBeGreaterThan(0);
    for (const alert of cleared) {
      // A reviewer may clear several alerts of a patient at once, each with its own note.
      const notes = await db()
        .select({ text: staffNotes.text, authorId: staffNotes.authorId })
        .from(staffNotes)
        .where(and(eq(staffNotes.patientId, alert.patientId), eq(staffNotes.createdAt, alert.dismissedAt!)));
      expect(notes).toContainEqual({ text: alert.dismissNote, authorId: alert.dismissedBy });
    }
  });

  it('approve the monthly notes of past months only, and never date a note in the future', async () => {
    const now = t.clock.now();
    // The demo clinics' zone decides which month is the current one.
    const current = monthOfDay(calendarDay(now, 'America/Los_Angeles'));
    const rows = await db().select().from(monthlyNotes);
    expect(rows.some((r) => r.approved)).toBe(true);
    for (const row of rows) {
      const isCurrent = row.year === current.year && row.month === current.month;
      expect(row.approved).toBe(!isCurrent);
      expect(row.updatedAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    const [{ future }] = (await db()
      .select({ future: sql<number>`count(*)::int` })
      .from(staffNotes)
      .where(sql`${staffNotes.createdAt} > ${now.toISOString()}::timestamptz`)) as [{ future: number }];
    expect(future).toBe(0);
  });
});
