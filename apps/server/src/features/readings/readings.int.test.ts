import {
  AppError,
  alertWithdrawnNote,
  calendarDay,
  defaultCustomAlerts,
  startOfCalendarDay,
} from '@vigil/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertFindings,
  alerts,
  auditEvents,
  patientDayRollups,
  patientMetrics,
  patients,
  readings,
} from '../../db/schema/index.js';
import { demoIds } from '../../db/seed/demo.js';
import { demoPatientId } from '../../db/seed/demo-patients.js';
import { refreshMetricsAfterMidnight } from '../../jobs/refresh-metrics.job.js';
import { expectedMetrics, storedMetrics } from '../../test/expected-metrics.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { refreshPatientMetrics } from '../patients/patient-metrics.service.js';
import { createPatientReportRepository } from '../reports/patient-report.repository.js';

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
/** A Sunrise patient of our own, enrolled and active for a month, with no readings yet. */
async function newPatient(overrides: Partial<typeof patients.$inferInsert> = {}) {
  patientCount++;
  const [row] = await db()
    .insert(patients)
    .values({
      clinicId: demoIds.sunrise,
      firstName: 'Test',
      lastName: `Patient ${patientCount}`,
      diagnosis: 'Hypertension',
      enrolled: true,
      everEnrolled: true,
      active: true,
      enrolledAt: new Date(t.clock.now().getTime() - 30 * day),
      assignedPhysicianId: demoIds.physicianSunrise,
      ...overrides,
    })
    .returning();
  // As the patients service does on every write: a patient has metrics from the start.
  await refreshPatientMetrics(db(), row!.id, t.clock.now());
  return row!;
}

const alertsOf = (patientId: string, type: string) =>
  db()
    .select()
    .from(alerts)
    .where(and(eq(alerts.patientId, patientId), eq(alerts.type, type)));

/** A blood pressure from a Pylo cuff, as its webhook would deliver it. */
const recordPylo = (
  patientId: string,
  takenAt: Date,
  systolic: number,
  diastolic: number,
  vendorId: string,
) => service().record({ patientId, takenAt, systolic, diastolic, source: 'PYLO', vendorReadingId: vendorId });

async function expectMetricsMatch(patientId: string) {
  expect(await storedMetrics(db(), patientId)).toEqual(await expectedMetrics(db(), patientId, t.clock.now()));
}

describe('recording a reading', () => {
  it('stores a vendor reading once however often it is delivered', async () => {
    const patient = await newPatient();
    const input = {
      patientId: patient.id,
      takenAt: new Date(t.clock.now().getTime() - hour),
      systolic: 128,
      diastolic: 82,
      heartRate: 70,
      source: 'WITHINGS',
      vendorReadingId: 'withings-dup-1',
    };
    const first = await service().record(input);
    const second = await service().record({ ...input, systolic: 150 });
    expect(first.duplicate).toBe(false);
    expect(second).toEqual({ reading: first.reading, duplicate: true });
    const stored = await db().select().from(readings).where(eq(readings.patientId, patient.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.systolic).toBe(128);
    // The same vendor id from another vendor is another reading.
    expect((await service().record({ ...input, source: 'PYLO' })).duplicate).toBe(false);
  });

  it('opens one BPHighSingle alert for a high reading and moves it forward on the next', async () => {
    const patient = await newPatient();
    const firstAt = new Date(t.clock.now().getTime() - 3 * hour);
    const secondAt = new Date(t.clock.now().getTime() - hour);
    await service().record({
      patientId: patient.id,
      takenAt: firstAt,
      systolic: 205,
      diastolic: 90,
      source: 'PYLO',
      vendorReadingId: 'high-1',
    });
    let open = await alertsOf(patient.id, 'BPHighSingle');
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      category: 'Clinical',
      clinicId: demoIds.sunrise,
      readingDate: firstAt,
      dismissedAt: null,
    });

    await service().record({
      patientId: patient.id,
      takenAt: secondAt,
      systolic: 212,
      diastolic: 95,
      source: 'PYLO',
      vendorReadingId: 'high-2',
    });
    open = await alertsOf(patient.id, 'BPHighSingle');
    expect(open).toHaveLength(1);
    expect(open[0]!.readingDate).toEqual(secondAt);
    await expectMetricsMatch(patient.id);
    expect(await storedMetrics(db(), patient.id)).toMatchObject({
      numActiveAlerts: 1,
      highestPriorityAlertCategory: 'Clinical',
    });
  });

  it('does not reopen a dismissed alert for the same evidence, and does for new evidence', async () => {
    const patient = await newPatient();
    const highAt = new Date(t.clock.now().getTime() - 4 * hour);
    await service().record({
      patientId: patient.id,
      takenAt: highAt,
      systolic: 206,
      diastolic: 88,
      source: 'EDEVICE',
      vendorReadingId: 'dismiss-1',
    });
    await db()
      .update(alerts)
      .set({ dismissedAt: t.clock.now(), dismissedBy: demoIds.staffSunrise, dismissNote: 'Seen' })
      .where(eq(alerts.patientId, patient.id));

    await service().record({
      patientId: patient.id,
      takenAt: new Date(highAt.getTime() + hour),
      systolic: 124,
      diastolic: 80,
      source: 'EDEVICE',
      vendorReadingId: 'dismiss-2',
    });
    expect(await alertsOf(patient.id, 'BPHighSingle')).toHaveLength(1);

    const laterAt = new Date(highAt.getTime() + 2 * hour);
    await service().record({
      patientId: patient.id,
      takenAt: laterAt,
      systolic: 204,
      diastolic: 86,
      source: 'EDEVICE',
      vendorReadingId: 'dismiss-3',
    });
    const all = await alertsOf(patient.id, 'BPHighSingle');
    expect(all).toHaveLength(2);
    expect(all.find((a) => !a.dismissedAt)!.readingDate).toEqual(laterAt);
  });

  it('judges a reading that arrives late among the readings of its own week, and raises its alert', async () => {
    const patient = await newPatient();
    const takenAt = new Date(t.clock.now().getTime() - 9 * day);
    await service().record({
      patientId: patient.id,
      takenAt,
      systolic: 230,
      diastolic: 120,
      source: 'MANUAL',
      createdBy: demoIds.staffSunrise,
    });
    const opened = await alertsOf(patient.id, 'BPHighSingle');
    expect(opened).toHaveLength(1);
    expect(opened[0]!.readingDate).toEqual(takenAt);
    await expectMetricsMatch(patient.id);
  });

  it.each([8, 30])('raises a week rule that a late reading completes, %i days ago', async (daysAgo) => {
    const patient = await newPatient();
    const laterAt = new Date(t.clock.now().getTime() - daysAgo * day);
    const high = (takenAt: Date, vendorId: string) =>
      recordPylo(patient.id, takenAt, 195, 85, `${vendorId}-${daysAgo}`);
    await high(laterAt, 'week-1');
    expect(await alertsOf(patient.id, 'BPHighTwoDaysInWeek')).toHaveLength(0);
    // Taken two days before the first and delivered after it: the first reading's week now has two high days.
    await high(new Date(laterAt.getTime() - 2 * day), 'week-2');
    const opened = await alertsOf(patient.id, 'BPHighTwoDaysInWeek');
    expect(opened).toHaveLength(1);
    expect(opened[0]!.readingDate).toEqual(laterAt);
  });

  it('opens a dismissed type again for a new reading dated before the dismissed one', async () => {
    const patient = await newPatient();
    const dismissedAt = new Date(t.clock.now().getTime() - day);
    await recordPylo(patient.id, dismissedAt, 210, 90, 'earlier-1');
    await db()
      .update(alerts)
      .set({ dismissedAt: t.clock.now(), dismissedBy: demoIds.staffSunrise, dismissNote: 'Called' })
      .where(eq(alerts.patientId, patient.id));

    const earlierAt = new Date(dismissedAt.getTime() - 2 * day);
    await recordPylo(patient.id, earlierAt, 215, 92, 'earlier-2');
    const all = await alertsOf(patient.id, 'BPHighSingle');
    expect(all).toHaveLength(2);
    expect(all.find((a) => !a.dismissedAt)!.readingDate).toEqual(earlierAt);

    // A normal reading of its week brings nothing new: the dismissed evidence stays dismissed.
    await recordPylo(patient.id, new Date(earlierAt.getTime() + hour), 120, 78, 'earlier-3');
    const after = await alertsOf(patient.id, 'BPHighSingle');
    expect(after).toHaveLength(2);
    // Nor does it move the reopened alert onto the reading staff dismissed.
    expect(after.find((a) => !a.dismissedAt)!.readingDate).toEqual(earlierAt);
    await expectMetricsMatch(patient.id);
  });

  it("judges a backlog's readings in the order they were taken, whatever the payload's order", async () => {
    const patient = await newPatient();
    const dayOne = startOfCalendarDay(
      calendarDay(t.clock.now(), 'America/Los_Angeles') - 17,
      'America/Los_Angeles',
    );
    const weight = (hours: number, weightLbs: number, n: number) => ({
      patientId: patient.id,
      takenAt: new Date(dayOne.getTime() + hours * hour),
      weightLbs,
      source: 'TENOVI',
      vendorReadingId: `backlog-${n}`,
    });
    // Day two's 153.5 is half a pound over day one's last weight (153 at 18:00), not over its 150 at 8:00.
    await service().recordMany([weight(32, 153.5, 1), weight(8, 150, 2), weight(18, 153, 3)]);
    expect(await alertsOf(patient.id, 'WeightThreePoundsIn1Day')).toHaveLength(0);
    await expectMetricsMatch(patient.id);
  });

  it("audits a manual reading as the user's and a device's as the product's, and a resend not at all", async () => {
    const patient = await newPatient();
    const manual = await service().record({
      patientId: patient.id,
      takenAt: new Date(t.clock.now().getTime() - hour),
      weightLbs: 181.4,
      source: 'MANUAL',
      createdBy: demoIds.staffSunrise,
    });
    const device = {
      patientId: patient.id,
      takenAt: new Date(t.clock.now().getTime() - 2 * hour),
      weightLbs: 181,
      source: 'BODYTRACE',
      vendorReadingId: 'bt-audit-1',
    };
    const stored = await service().record(device);
    expect((await service().record(device)).duplicate).toBe(true);
    const events = await db().select().from(auditEvents).where(eq(auditEvents.patientId, patient.id));
    expect(events.map((e) => [e.action, e.actorUserId, e.entityId, e.details?.message]).sort()).toEqual(
      [
        ['reading.created', demoIds.staffSunrise, manual.reading.id, 'Added a manual reading: 181.4 lbs'],
        ['reading.created', null, stored.reading.id, 'Received a reading from BodyTrace: 181 lbs'],
      ].sort(),
    );
  });

  it('answers bad data with a 400-class error and stores nothing', async () => {
    const patient = await newPatient();
    const base = { patientId: patient.id, takenAt: t.clock.now(), source: 'MANUAL' };
    const attempts = [
      { ...base, systolic: Number.NaN },
      { ...base, systolic: 1e12 },
      { ...base, weightLbs: -3 },
      { ...base },
      { ...base, takenAt: new Date('not a date'), weightLbs: 180 },
      { ...base, takenAt: new Date(-8e15), weightLbs: 180 },
      { ...base, source: '  ', systolic: 120, diastolic: 80 },
      { ...base, systolic: 120 },
      { ...base, diastolic: 80, heartRate: 70 },
    ];
    for (const input of attempts) {
      await expect(service().record(input)).rejects.toMatchObject({ code: 'VALIDATION' });
    }
    await expect(service().record({ ...base, patientId: 'nope', weightLbs: 180 })).rejects.toBeInstanceOf(
      AppError,
    );
    await expect(
      service().record({ ...base, patientId: '00000000-0000-4000-8000-00000000ffff', weightLbs: 180 }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await db().select().from(readings).where(eq(readings.patientId, patient.id))).toHaveLength(0);
  });
});

/** The alert cleared by a member of staff, now (what Save & Clear stores). */
const clearedByStaff = (alertId: string) =>
  db()
    .update(alerts)
    .set({ dismissedAt: t.clock.now(), dismissedBy: demoIds.staffSunrise })
    .where(eq(alerts.id, alertId));

describe('removing a reading', () => {
  const manualBp = (patientId: string, takenAt: Date, systolic: number, diastolic = 85) =>
    service().record({
      patientId,
      takenAt,
      systolic,
      diastolic,
      source: 'MANUAL',
      createdBy: demoIds.staffSunrise,
    });
  const activeAlerts = async (patientId: string) =>
    (await db().select().from(patientMetrics).where(eq(patientMetrics.patientId, patientId)))[0]!
      .numActiveAlerts;
  const findingsOf = async (alertId: string) =>
    (await db().select().from(alertFindings).where(eq(alertFindings.alertId, alertId)))
      .map((f) => f.readingDate.getTime())
      .sort();

  it('withdraws the alert a mistyped reading raised: cleared by who removed it, off the lists and the reports', async () => {
    const patient = await newPatient();
    const { reading } = await manualBp(patient.id, new Date(t.clock.now().getTime() - hour), 250, 90);
    const [raised] = await alertsOf(patient.id, 'BPHighSingle');
    expect(raised).toMatchObject({ dismissedAt: null });
    expect(await activeAlerts(patient.id)).toBe(1);

    await service().remove(reading.id, demoIds.physicianSunrise);
    const [withdrawn] = await alertsOf(patient.id, 'BPHighSingle');
    expect(withdrawn).toMatchObject({
      id: raised!.id,
      dismissedBy: demoIds.physicianSunrise,
      dismissNote: alertWithdrawnNote,
    });
    expect(withdrawn!.dismissedAt).not.toBeNull();
    expect(await activeAlerts(patient.id)).toBe(0);
    expect(await findingsOf(raised!.id)).toEqual([]);
    const events = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, raised!.id))
      .orderBy(auditEvents.seq);
    // Opened by the product's rule, whoever's reading it judged; withdrawn by who removed the reading.
    expect(events.map((e) => [e.action, e.actorUserId, (e.details as { message: string }).message])).toEqual([
      [
        'alert.opened',
        null,
        'Opened alert High blood pressure reading: systolic 200 or diastolic 100 or more',
      ],
      [
        'alert.withdrawn',
        demoIds.physicianSunrise,
        expect.stringMatching(/^Withdrew alert .+: its reading was removed$/),
      ],
    ]);
    await expectMetricsMatch(patient.id);
  });

  it('moves the alert back to the earlier reading that still holds it, and withdraws it when that goes too', async () => {
    const patient = await newPatient();
    const firstAt = new Date(t.clock.now().getTime() - 3 * hour);
    const first = await manualBp(patient.id, firstAt, 205);
    const second = await manualBp(patient.id, new Date(t.clock.now().getTime() - hour), 212);
    const [alert] = await alertsOf(patient.id, 'BPHighSingle');

    await service().remove(second.reading.id, demoIds.staffSunrise);
    let [after] = await alertsOf(patient.id, 'BPHighSingle');
    expect(after).toMatchObject({ id: alert!.id, readingDate: firstAt, dismissedAt: null });
    expect(await findingsOf(alert!.id)).toEqual([firstAt.getTime()]);

    await service().remove(first.reading.id, demoIds.staffSunrise);
    [after] = await alertsOf(patient.id, 'BPHighSingle');
    expect(after).toMatchObject({ id: alert!.id, dismissNote: alertWithdrawnNote });
  });

  it('does not move an alert back onto evidence staff cleared already', async () => {
    const patient = await newPatient();
    await manualBp(patient.id, new Date(t.clock.now().getTime() - 3 * hour), 205);
    const [cleared] = await alertsOf(patient.id, 'BPHighSingle');
    await clearedByStaff(cleared!.id);
    const later = await manualBp(patient.id, new Date(t.clock.now().getTime() - hour), 212);
    const reopened = (await alertsOf(patient.id, 'BPHighSingle')).find((a) => !a.dismissedAt)!;

    await service().remove(later.reading.id, demoIds.staffSunrise);
    const [again] = (await alertsOf(patient.id, 'BPHighSingle')).filter((a) => a.id === reopened.id);
    expect(again).toMatchObject({ dismissNote: alertWithdrawnNote });
    expect(await activeAlerts(patient.id)).toBe(0);
  });

  it('moves an alert back past the evidence staff cleared, to an earlier reading entered after the dismissal', async () => {
    const patient = await newPatient();
    await manualBp(patient.id, new Date(t.clock.now().getTime() - 2 * hour), 205);
    const [cleared] = await alertsOf(patient.id, 'BPHighSingle');
    await clearedByStaff(cleared!.id);
    t.clock.advance(60_000);
    // A late reading, dated days before the cleared one but stored after the dismissal: new evidence.
    const lateAt = new Date(t.clock.now().getTime() - 3 * day);
    await manualBp(patient.id, lateAt, 203);
    const later = await manualBp(patient.id, new Date(t.clock.now().getTime() - hour), 208);
    const open = (await alertsOf(patient.id, 'BPHighSingle')).find((a) => !a.dismissedAt)!;

    await service().remove(later.reading.id, demoIds.staffSunrise);
    expect((await alertsOf(patient.id, 'BPHighSingle')).find((a) => a.id === open.id)).toMatchObject({
      readingDate: lateAt,
      dismissedAt: null,
    });
    await expectMetricsMatch(patient.id);
  });

  it("withdraws the alert whose own reading is removed, though the patient's thresholds changed since", async () => {
    const patient = await newPatient();
    const { reading } = await manualBp(patient.id, new Date(t.clock.now().getTime() - 2 * day), 205, 90);
    const [raised] = await alertsOf(patient.id, 'BPHighSingle');
    // Raised at the 200 of the defaults; the patient's own threshold is 210 now.
    await db()
      .update(patients)
      .set({
        customAlerts: defaultCustomAlerts.map((a) =>
          a.key === 'highReading'
            ? { ...a, values: { highReadingSystolic: '210', highReadingdiastolic: '100' } }
            : a,
        ),
      })
      .where(eq(patients.id, patient.id));

    await service().remove(reading.id, demoIds.staffSunrise);
    expect((await alertsOf(patient.id, 'BPHighSingle')).find((a) => a.id === raised!.id)).toMatchObject({
      dismissNote: alertWithdrawnNote,
    });
    expect(await activeAlerts(patient.id)).toBe(0);
  });

  it('does not raise a cleared blood pressure again for a weight entered at its minute', async () => {
    const patient = await newPatient();
    const at = new Date(t.clock.now().getTime() - 3 * day);
    await manualBp(patient.id, at, 205, 90);
    const [cleared] = await alertsOf(patient.id, 'BPHighSingle');
    await clearedByStaff(cleared!.id);
    t.clock.advance(60_000);
    await service().record({
      patientId: patient.id,
      takenAt: at,
      weightLbs: 170,
      source: 'MANUAL',
      createdBy: demoIds.staffSunrise,
    });
    expect((await alertsOf(patient.id, 'BPHighSingle')).map((a) => a.id)).toEqual([cleared!.id]);
    expect(await activeAlerts(patient.id)).toBe(0);
  });

  it('leaves an alert be when the removed reading does not change its rule: a weight beside a late blood pressure', async () => {
    const patient = await newPatient();
    await manualBp(patient.id, new Date(t.clock.now().getTime() - 5 * day), 215, 90);
    const [first] = await alertsOf(patient.id, 'BPHighSingle');
    await clearedByStaff(first!.id);
    t.clock.advance(60_000);
    // Entered late, after the dismissal: new evidence, though dated before the cleared alert.
    const lateAt = new Date(t.clock.now().getTime() - 7 * day);
    await manualBp(patient.id, lateAt, 220, 90);
    const open = (await alertsOf(patient.id, 'BPHighSingle')).find((a) => !a.dismissedAt)!;
    expect(open.readingDate).toEqual(lateAt);
    const weight = await service().record({
      patientId: patient.id,
      takenAt: new Date(t.clock.now().getTime() - 6 * day),
      weightLbs: 160,
      source: 'MANUAL',
      createdBy: demoIds.staffSunrise,
    });

    await service().remove(weight.reading.id, demoIds.staffSunrise);
    expect((await alertsOf(patient.id, 'BPHighSingle')).find((a) => a.id === open.id)).toMatchObject({
      readingDate: lateAt,
      dismissedAt: null,
    });
  });

  describe('opens at once the alert a removed reading had hidden', () => {
    const tz = 'America/Los_Angeles';
    /** Hours into the calendar day `daysAgo` days before today, in the clinic's zone. */
    const at = (daysAgo: number, hours: number) =>
      new Date(startOfCalendarDay(calendarDay(t.clock.now(), tz) - daysAgo, tz).getTime() + hours * hour);
    const weigh = (patientId: string, takenAt: Date, weightLbs: number) =>
      service().record({ patientId, takenAt, weightLbs, source: 'MANUAL', createdBy: demoIds.staffSunrise });

    it("a mistaken evening weight that was the previous day's last: the 3 lb gain over the day before shows", async () => {
      const patient = await newPatient();
      await weigh(patient.id, at(3, 8), 180);
      const wrong = await weigh(patient.id, at(3, 21), 184);
      const morning = at(2, 8);
      await weigh(patient.id, morning, 184);
      expect(await alertsOf(patient.id, 'WeightThreePoundsIn1Day')).toEqual([]);

      await service().remove(wrong.reading.id, demoIds.staffSunrise);
      expect(await alertsOf(patient.id, 'WeightThreePoundsIn1Day')).toEqual([
        expect.objectContaining({ readingDate: morning, dismissedAt: null }),
      ]);
      expect(await activeAlerts(patient.id)).toBe(1);
      await expectMetricsMatch(patient.id);
    });

    it('heart failure: the 2 lb alert the wrong weight made gives way to the 3 lb one the true gain makes', async () => {
      const patient = await newPatient({ diagnosis: 'CHF' });
      await weigh(patient.id, at(3, 8), 185.5);
      const wrong = await weigh(patient.id, at(3, 21), 187);
      const morning = at(2, 8);
      await weigh(patient.id, morning, 189.2);
      expect(await alertsOf(patient.id, 'WeightTwoPoundsIn1Day')).toEqual([
        expect.objectContaining({ readingDate: morning, dismissedAt: null }),
      ]);

      await service().remove(wrong.reading.id, demoIds.staffSunrise);
      expect(await alertsOf(patient.id, 'WeightThreePoundsIn1Day')).toEqual([
        expect.objectContaining({ readingDate: morning, dismissedAt: null }),
      ]);
      expect(await activeAlerts(patient.id)).toBe(1);
      await expectMetricsMatch(patient.id);
    });

    it('an alert withdrawn by one removal is no clearing of the gain a second removal reveals', async () => {
      const patient = await newPatient();
      await weigh(patient.id, at(3, 8), 180);
      const wrongEvening = await weigh(patient.id, at(3, 21), 183);
      const morning = at(2, 8);
      await weigh(patient.id, morning, 183.5);
      const wrongNight = await weigh(patient.id, at(2, 21), 187);
      const [raised] = await alertsOf(patient.id, 'WeightThreePoundsIn1Day');
      expect(raised).toMatchObject({ readingDate: at(2, 21) });

      await service().remove(wrongNight.reading.id, demoIds.staffSunrise);
      expect(await alertsOf(patient.id, 'WeightThreePoundsIn1Day')).toEqual([
        expect.objectContaining({ id: raised!.id, dismissNote: alertWithdrawnNote }),
      ]);
      t.clock.advance(60_000);
      // Without the wrong evening weight, the morning is 3.5 lb over the day before: no one cleared that.
      await service().remove(wrongEvening.reading.id, demoIds.staffSunrise);
      expect((await alertsOf(patient.id, 'WeightThreePoundsIn1Day')).filter((a) => !a.dismissedAt)).toEqual([
        expect.objectContaining({ readingDate: morning }),
      ]);
      expect(await activeAlerts(patient.id)).toBe(1);
      await expectMetricsMatch(patient.id);
    });

    it('a reading staff cleared already is not raised again by the removal', async () => {
      const patient = await newPatient();
      await weigh(patient.id, at(3, 8), 180);
      const morning = at(2, 8);
      await weigh(patient.id, morning, 184);
      const [seen] = await alertsOf(patient.id, 'WeightThreePoundsIn1Day');
      await clearedByStaff(seen!.id);
      t.clock.advance(60_000);
      // Entered after the dismissal, then removed: the gain it hid is the one staff cleared.
      const wrong = await weigh(patient.id, at(3, 21), 184);
      await service().remove(wrong.reading.id, demoIds.staffSunrise);
      expect((await alertsOf(patient.id, 'WeightThreePoundsIn1Day')).map((a) => a.id)).toEqual([seen!.id]);
      expect(await activeAlerts(patient.id)).toBe(0);
    });
  });

  it('moves an alert back to a reading entered late, weeks before, that holds its rule too', async () => {
    const patient = await newPatient();
    const recent = await manualBp(patient.id, new Date(t.clock.now().getTime() - hour), 215, 80);
    const lateAt = new Date(t.clock.now().getTime() - 15 * day);
    await manualBp(patient.id, lateAt, 215, 80);
    const [alert] = await alertsOf(patient.id, 'BPHighSingle');

    await service().remove(recent.reading.id, demoIds.staffSunrise);
    expect((await alertsOf(patient.id, 'BPHighSingle'))[0]).toMatchObject({
      id: alert!.id,
      readingDate: lateAt,
      dismissedAt: null,
    });
  });

  it("keeps withdrawn alerts off the month's report, and a moved one at the reading that holds it", async () => {
    const patient = await newPatient();
    const earlierAt = new Date(t.clock.now().getTime() - 2 * hour);
    await manualBp(patient.id, earlierAt, 205, 85);
    const high = await manualBp(patient.id, new Date(t.clock.now().getTime() - hour), 215, 90);
    const pulse = await service().record({
      patientId: patient.id,
      takenAt: new Date(t.clock.now().getTime() - hour),
      heartRate: 150,
      source: 'MANUAL',
      createdBy: demoIds.staffSunrise,
    });
    await service().remove(high.reading.id, demoIds.staffSunrise);
    await service().remove(pulse.reading.id, demoIds.staffSunrise);

    const reported = await createPatientReportRepository(db()).findAlertsInRange(
      patient.id,
      new Date(t.clock.now().getTime() - 40 * day),
      new Date(t.clock.now().getTime() + day),
    );
    expect(reported.map((a) => [a.type, a.readingDate])).toEqual([['BPHighSingle', earlierAt]]);
  });

  it('withdraws a two-days-in-a-week alert when one of its two days is removed, and leaves other alerts be', async () => {
    const patient = await newPatient();
    const monday = await manualBp(patient.id, new Date(t.clock.now().getTime() - 2 * day), 195);
    await manualBp(patient.id, new Date(t.clock.now().getTime() - hour), 195);
    const lowAt = new Date(t.clock.now().getTime() - 30 * 60_000);
    await manualBp(patient.id, lowAt, 85, 60);
    const [twoDays] = await alertsOf(patient.id, 'BPHighTwoDaysInWeek');
    expect(twoDays).toMatchObject({ dismissedAt: null });

    await service().remove(monday.reading.id, demoIds.staffSunrise);
    expect((await alertsOf(patient.id, 'BPHighTwoDaysInWeek'))[0]).toMatchObject({
      dismissNote: alertWithdrawnNote,
    });
    expect((await alertsOf(patient.id, 'BPLow'))[0]).toMatchObject({ readingDate: lowAt, dismissedAt: null });
    await expectMetricsMatch(patient.id);
  });
});

describe('stored metrics equal the core computed from all the readings', () => {
  it('for every seeded patient', async () => {
    const ids = (await db().select({ id: patients.id }).from(patients)).map((p) => p.id);
    expect(ids.length).toBeGreaterThanOrEqual(90);
    for (const id of ids) await expectMetricsMatch(id);
  });

  it('after a reading, after its removal and after the day turns', async () => {
    const id = demoPatientId(1, 0);
    const { reading } = await service().record({
      patientId: id,
      takenAt: new Date(t.clock.now().getTime() - 2 * hour),
      systolic: 139,
      diastolic: 91,
      heartRate: 77,
      source: 'SMART_METER',
      vendorReadingId: 'sm-turn-1',
    });
    await expectMetricsMatch(id);
    await service().remove(reading.id, demoIds.staffSunrise);
    await expectMetricsMatch(id);
    const [removed] = await db().select().from(readings).where(eq(readings.id, reading.id));
    expect(removed).toMatchObject({ removedBy: demoIds.staffSunrise });
    expect(removed!.removedAt).not.toBeNull();

    // Past the clinic's next midnight, the day-based figures move; the midnight run recomputes them.
    const tz = 'America/Los_Angeles';
    const nextMidnight = startOfCalendarDay(calendarDay(t.clock.now(), tz) + 1, tz);
    t.clock.advance(nextMidnight.getTime() - t.clock.now().getTime() + 10 * 60_000);
    await refreshMetricsAfterMidnight({ db: db(), clock: t.clock });
    for (const p of await db().select({ id: patients.id }).from(patients)) await expectMetricsMatch(p.id);
  });

  it('keeps day rollups equal to the rows of each day', async () => {
    const id = demoPatientId(1, 1);
    await service().record({
      patientId: id,
      takenAt: new Date(t.clock.now().getTime() - hour),
      systolic: 131,
      diastolic: 84,
      source: 'MANUAL',
      createdBy: demoIds.staffSunrise,
    });
    const counted = await db().execute(sql`
      select (taken_at at time zone 'America/Los_Angeles')::date::text as day, count(*)::int as n,
        (count(*) filter (where source <> 'MANUAL'))::int as device
      from ${readings} where patient_id = ${id} and removed_at is null group by 1 order by 1`);
    const rollups = await db()
      .select({
        day: patientDayRollups.day,
        n: patientDayRollups.readings,
        device: patientDayRollups.deviceReadings,
      })
      .from(patientDayRollups)
      .where(and(eq(patientDayRollups.patientId, id), sql`${patientDayRollups.readings} > 0`))
      .orderBy(patientDayRollups.day);
    expect(rollups).toEqual((counted as unknown as { rows: unknown[] }).rows);
  });
});
