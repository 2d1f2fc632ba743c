import { calendarDay, startOfCalendarDay } from '../format/calendar.helpers.js';
import { type BpReading, hasBp, type Reading } from '../readings/readings.types.js';
import {
  type AlertCategory,
  type AlertType,
  alertCategoryRank,
  alertTypeCategory,
  chfOneDayGainPounds,
  type ReadingAlertType,
} from './alerts.constants.js';
import type { Thresholds } from './custom-alerts.rules.js';
import { dayWeights, gainOverPreviousDay, isOneDayGain, isSevenDayGain } from './weight-gain.rules.js';

export interface AlertFinding {
  type: ReadingAlertType;
  category: AlertCategory;
  readingDate: Date;
  /**
   * For an adherence finding, dated now: when the lapse began (the last reading, or the enrolment). A
   * dismissed alert of the same lapse holds it back (`mergeFinding`); only a new lapse fires again.
   */
  lapseSince?: Date;
}

export interface EvaluateAlertsInput {
  readings: readonly Reading[];
  thresholds: Thresholds;
  diagnosis: string | null | undefined;
  /** Start of the current enrolment; no adherence finding without one. */
  enrolledAt: Date | null | undefined;
  /**
   * When the patient's latest reading reached Vigil, which may be after it was taken (a late device, a
   * reading typed in later): a lapse ends on its arrival too, so a reading that arrived after staff cleared
   * an adherence alert starts a new lapse even when it was taken before (`lapseSince`).
   */
  lastArrivalAt?: Date | null;
  now: Date;
  timeZone: string;
}

const latest = (dates: readonly Date[]): Date | null =>
  dates.length ? new Date(Math.max(...dates.map((d) => d.getTime()))) : null;

/** Readings at or above a systolic value on 2 or 3 distinct days of the week ending on their own day. */
function highOnDaysInWeek(bp: readonly BpReading[], systolic: number, days: number, timeZone: string) {
  const high = bp
    .filter((r) => r.systolic >= systolic)
    .map((r) => ({ r, day: calendarDay(r.date, timeZone) }));
  const highDays = new Set(high.map((h) => h.day));
  return high
    .filter(({ day }) => [...highDays].filter((d) => d > day - 7 && d <= day).length >= days)
    .map(({ r }) => r.date);
}

/**
 * Every alert finding that holds for these readings (DESIGN 4), at most one per type.
 *
 * A reading finding carries the date of the latest reading that satisfies it, so the open alert points
 * at the newest evidence and a later re-evaluation of the same readings yields the same date. An
 * adherence finding is about an absence, so it carries `now`.
 *
 * Adherence: the enrolment day counts as a day with a reading, today is not over and does not count,
 * and "no reading for N days" means the N whole calendar days before today had none. A patient is new
 * while enrolled fewer than oneAdherence days, and established once enrolled fiveAdherence days or more.
 * DESIGN 4 names oneAdherence for both; each rule reads its own setting instead so that the "longer
 * enrolled" input on the settings screen does what it says. With the defaults (12 and 12) it is the same.
 */
export function evaluateAlerts(input: EvaluateAlertsInput): AlertFinding[] {
  const { readings, thresholds: t, timeZone } = input;
  const bp = readings.filter(hasBp);
  const found = new Map<ReadingAlertType, Date | null>();

  found.set(
    'BPHighSingle',
    t.highReading.on
      ? latest(
          readings
            .filter(
              (r) =>
                (r.systolic ?? Number.NEGATIVE_INFINITY) >= t.highReading.systolic ||
                (r.diastolic ?? Number.NEGATIVE_INFINITY) >= t.highReading.diastolic,
            )
            .map((r) => r.date),
        )
      : null,
  );
  found.set(
    'BPHighTwoDaysInWeek',
    t.secondReading.on ? latest(highOnDaysInWeek(bp, t.secondReading.systolic, 2, timeZone)) : null,
  );
  found.set(
    'BPHighThreeDaysInWeek',
    t.thirdReading.on ? latest(highOnDaysInWeek(bp, t.thirdReading.systolic, 3, timeZone)) : null,
  );
  found.set(
    'BPLow',
    t.lowBP.on ? latest(bp.filter((r) => r.systolic < t.lowBP.systolic).map((r) => r.date)) : null,
  );

  const hr = readings.filter((r): r is Reading & { heartRate: number } => typeof r.heartRate === 'number');
  found.set(
    'HeartRateLow',
    t.lowHR.on ? latest(hr.filter((r) => r.heartRate < t.lowHR.bpm).map((r) => r.date)) : null,
  );
  found.set(
    'HeartRateHigh',
    t.highHR.on ? latest(hr.filter((r) => r.heartRate > t.highHR.bpm).map((r) => r.date)) : null,
  );

  const weights = dayWeights(readings, timeZone);
  found.set(
    'WeightThreePoundsIn1Day',
    latest(weights.all.filter((w) => isOneDayGain(w, weights, t)).map((w) => w.date)),
  );
  // The CHF rule refines the 1-day weight setting, so that setting's status governs it too.
  const chfGain = (w: (typeof weights.all)[number]) => {
    const gain = gainOverPreviousDay(w, weights);
    return gain !== null && gain >= chfOneDayGainPounds && gain < t.weightOneDay.pounds;
  };
  found.set(
    'WeightTwoPoundsIn1Day',
    input.diagnosis === 'CHF' && t.weightOneDay.on
      ? latest(weights.all.filter(chfGain).map((w) => w.date))
      : null,
  );
  found.set(
    'WeightFivePoundsInWeek',
    latest(weights.all.filter((w) => isSevenDayGain(w, weights, t)).map((w) => w.date)),
  );

  if (input.enrolledAt) {
    const today = calendarDay(input.now, timeZone);
    const enrolledDay = calendarDay(input.enrolledAt, timeZone);
    const lastDay = Math.max(enrolledDay, ...readings.map((r) => calendarDay(r.date, timeZone)));
    const lapseSince = new Date(
      Math.max(
        input.enrolledAt.getTime(),
        input.lastArrivalAt?.getTime() ?? 0,
        ...readings.map((r) => r.date.getTime()),
      ),
    );
    const wholeDaysWithout = today - lastDay - 1;
    const daysEnrolled = today - enrolledDay;
    const fires = (rule: Thresholds['adherenceNew']) =>
      rule.on && wholeDaysWithout >= rule.daysWithoutReading;
    if (daysEnrolled < t.adherenceNew.enrolledDays && fires(t.adherenceNew)) {
      found.set('AdherenceNewPatientNoReadingForOneDay', input.now);
    }
    if (daysEnrolled >= t.adherenceEstablished.enrolledDays && fires(t.adherenceEstablished))
      found.set('AdherenceEstablishedPatientNoReadingForFiveDays', input.now);
    return findingsOf(found, lapseSince);
  }
  return findingsOf(found, null);
}

function findingsOf(
  found: ReadonlyMap<ReadingAlertType, Date | null>,
  lapseSince: Date | null,
): AlertFinding[] {
  return [...found]
    .filter((entry): entry is [ReadingAlertType, Date] => entry[1] !== null)
    .map(([type, readingDate]) => {
      const category = alertTypeCategory[type];
      return category === 'AdherenceCoaching' && lapseSince
        ? { type, category, readingDate, lapseSince }
        : { type, category, readingDate };
    });
}

/**
 * The instants whose readings a reading's rules can involve: from the start of the 7 calendar days before
 * its day to the end of the 6 days after it, the weeks that hold it (DESIGN 4, "in a week"). A reading that
 * arrives late is judged among the readings around it, not among the last week's.
 */
export function readingRuleSpan(date: Date, timeZone: string): { from: Date; to: Date } {
  const day = calendarDay(date, timeZone);
  return { from: startOfCalendarDay(day - 7, timeZone), to: startOfCalendarDay(day + 7, timeZone) };
}

/**
 * Whether a reading carries what a rule judges: a blood pressure for the blood-pressure rules, a heart rate
 * for the heart-rate rules, a weight for the weight rules. A weight taken at the minute of a blood pressure
 * is no evidence of that blood pressure's rule, though the rule's finding is dated at that minute.
 */
export function measuresRule(type: ReadingAlertType, reading: Reading): boolean {
  if (type.startsWith('BP')) return hasBp(reading);
  if (type.startsWith('HeartRate')) return typeof reading.heartRate === 'number';
  if (type.startsWith('Weight')) return typeof reading.weight === 'number';
  return true;
}

/**
 * The findings of a reading just stored, over the readings around it (`readingRuleSpan`, the reading among
 * them), and for each type the date of the reading when the reading itself satisfies that rule (and carries
 * what the rule judges: `measuresRule`): it is new evidence, which a dismissed alert does not hold back
 * (`mergeFinding`), even when a later reading of the span was dismissed already.
 */
export function evaluateStoredReading(
  input: EvaluateAlertsInput,
  reading: Reading,
): { findings: AlertFinding[]; own: Map<ReadingAlertType, Date> } {
  const at = reading.date.getTime();
  const findings = evaluateAlerts(input);
  const later = input.readings.some((r) => r.date.getTime() > at);
  // The rules judge a reading by the readings up to it; when none came after it, that is the whole span.
  const upTo = later
    ? evaluateAlerts({ ...input, readings: input.readings.filter((r) => r.date.getTime() <= at) })
    : findings;
  const own = new Map(
    upTo
      .filter((f) => f.readingDate.getTime() === at && measuresRule(f.type, reading))
      .map((f) => [f.type, f.readingDate] as const),
  );
  return { findings, own };
}

/** An alert as stored: dismissed alerts keep their row, so a finding can tell "already seen" from "new". */
export interface StoredAlert {
  id: string;
  type: string;
  category: AlertCategory;
  readingDate: Date | null;
  snoozedUntil: Date | null;
  dismissedAt?: Date | null;
}

export type MergeResult =
  | { action: 'update'; alertId: string; readingDate: Date }
  | {
      action: 'open';
      alert: { type: AlertType; category: AlertCategory; readingDate: Date; snoozedUntil: null };
    }
  | { action: 'none' };

/**
 * One active or snoozed alert per type (DESIGN 4): a finding moves that alert's reading date forward.
 * Without one, a new alert opens. Either way, a finding dated on or before a dismissed alert of the type is
 * evidence staff have seen and cleared: re-evaluating the same readings must not reopen it, nor move an
 * open alert onto it, while a newer reading does. `newEvidence` is the date of a reading stored just now
 * that satisfies the rule itself (`evaluateStoredReading`): staff have not seen it, so it counts even when
 * a dismissed alert covers a later date (DESIGN 4: a dismissed alert fires again on the next finding).
 * An adherence finding's evidence is its lapse (`lapseSince`): cleared, it stays cleared until a reading
 * ends the lapse and a new one begins, rather than coming back at the next hourly run.
 */
export function mergeFinding(
  existingAlerts: readonly StoredAlert[],
  finding: AlertFinding,
  newEvidence?: Date,
): MergeResult {
  const ofType = existingAlerts.filter((a) => a.type === finding.type);
  const open = ofType.find((a) => !a.dismissedAt);
  const dismissedUpTo = Math.max(
    Number.NEGATIVE_INFINITY,
    ...ofType.flatMap((a) => (a.dismissedAt && a.readingDate ? [a.readingDate.getTime()] : [])),
  );
  // An adherence finding is dated now, at every run: what staff cleared is the lapse it belongs to.
  const evidence = finding.lapseSince ?? finding.readingDate;
  const readingDate = evidence.getTime() > dismissedUpTo ? finding.readingDate : newEvidence;
  if (!readingDate) return { action: 'none' };
  if (open) {
    return open.readingDate && open.readingDate.getTime() >= readingDate.getTime()
      ? { action: 'none' }
      : { action: 'update', alertId: open.id, readingDate };
  }
  return {
    action: 'open',
    alert: { type: finding.type, category: finding.category, readingDate, snoozedUntil: null },
  };
}

/** Active when not dismissed and the snooze is empty or over (spec patients 4). */
export function isAlertActive(
  alert: { snoozedUntil?: Date | string | null; dismissedAt?: Date | string | null },
  now: Date,
): boolean {
  if (alert.dismissedAt) return false;
  return !alert.snoozedUntil || new Date(alert.snoozedUntil).getTime() <= now.getTime();
}

/** The most urgent category among these alerts, or null for none. */
export function highestPriorityAlertCategory(
  alerts: readonly { category: AlertCategory }[],
): AlertCategory | null {
  return alerts.reduce<AlertCategory | null>(
    (best, a) =>
      best === null || alertCategoryRank[a.category] < alertCategoryRank[best] ? a.category : best,
    null,
  );
}
