import { defaultThresholds, type Thresholds } from '../alerts/custom-alerts.rules.js';
import { dayWeights, isOneDayGain, isSevenDayGain } from '../alerts/weight-gain.rules.js';
import { calendarDay, lastDays, monthDays } from '../format/calendar.helpers.js';
import { hasBp, type Reading } from '../readings/readings.types.js';

/** Systolic range of a reading "at goal" (spec patients 9 tooltip). */
export const bpGoalSystolic = { min: 100, max: 130 } as const;
/** Distinct days of data in 30 days that make 100% compliance: the 16 days of code 99454. */
export const complianceDaysTarget = 16;

export interface ListMetrics {
  percentageReadingsOnTarget: number | null;
  avgSystolic: number | null;
  avgDiastolic: number | null;
  percentageReadingsCompliant: number;
  mostRecentWeight: number | null;
  hasAcuteWeightGain: boolean;
  hasIntermediateWeightGain: boolean;
  numDaysWithReadings: number;
  lastReading: Date | null;
  lastBpReading: { date: Date; systolic: number; diastolic: number | null } | null;
}

export interface ListMetricsInput {
  readings: readonly Reading[];
  now: Date;
  timeZone: string;
  /** The selected month (1-12) and year, for numDaysWithReadings. */
  month: number;
  year: number;
  /** The patient's thresholds, for the weight-gain flags; the defaults when omitted. */
  thresholds?: Thresholds;
}

const mean = (values: readonly number[]) =>
  values.length ? Math.round(values.reduce((a, b) => a + b, 0) / values.length) : null;

/**
 * The derived fields of the two patient lists (DESIGN 4). A figure with no data behind it is null, except
 * compliance, which is 0% when no day has a reading. The weight flags apply the patient's weight rules,
 * including their on/off status, to the most recent weight.
 */
export function computeListMetrics(input: ListMetricsInput): ListMetrics {
  const { readings, now, timeZone } = input;
  const thresholds = input.thresholds ?? defaultThresholds;
  const withDay = readings.map((r) => ({ r, day: calendarDay(r.date, timeZone) }));
  const within = (n: number) => {
    const range = lastDays(n, now, timeZone);
    return withDay.filter(({ day }) => day >= range.first && day <= range.last).map(({ r }) => r);
  };
  const last30 = within(30);
  const bp30 = last30.filter(hasBp);
  const bp7 = within(7).filter(hasBp);
  const onTarget = bp30.filter((r) => r.systolic >= bpGoalSystolic.min && r.systolic <= bpGoalSystolic.max);
  const daysWithData = new Set(last30.map((r) => calendarDay(r.date, timeZone))).size;

  const weights = dayWeights(readings, timeZone);
  const recent30 = lastDays(30, now, timeZone);
  const latestWeight = weights.all.filter((w) => w.day >= recent30.first && w.day <= recent30.last).at(-1);

  const month = monthDays(input.month, input.year);
  const byDate = [...readings].sort((a, b) => a.date.getTime() - b.date.getTime());
  const lastBp = byDate.filter(hasBp).at(-1);

  return {
    percentageReadingsOnTarget: bp30.length ? Math.round((100 * onTarget.length) / bp30.length) : null,
    avgSystolic: mean(bp7.map((r) => r.systolic)),
    avgDiastolic: mean(bp7.flatMap((r) => (typeof r.diastolic === 'number' ? [r.diastolic] : []))),
    percentageReadingsCompliant: Math.min(100, Math.round((100 * daysWithData) / complianceDaysTarget)),
    mostRecentWeight: latestWeight?.weight ?? null,
    hasAcuteWeightGain: latestWeight ? isOneDayGain(latestWeight, weights, thresholds) : false,
    hasIntermediateWeightGain: latestWeight ? isSevenDayGain(latestWeight, weights, thresholds) : false,
    numDaysWithReadings: new Set(
      withDay.filter(({ day }) => day >= month.first && day <= month.last).map(({ day }) => day),
    ).size,
    lastReading: byDate.at(-1)?.date ?? null,
    lastBpReading: lastBp
      ? { date: lastBp.date, systolic: lastBp.systolic, diastolic: lastBp.diastolic ?? null }
      : null,
  };
}
