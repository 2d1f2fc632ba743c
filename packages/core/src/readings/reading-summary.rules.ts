import { calendarDay, defaultTimeZone, lastDays } from '../format/calendar.helpers.js';
import { defaultReadingsRangeDays, weightComparisonDays } from './readings.constants.js';
import { hasBp, type Reading } from './readings.types.js';

export interface BpFigure {
  systolic: number;
  diastolic: number | null;
}

export interface ReadingSummary {
  bp: { high: BpFigure; low: BpFigure; mean: BpFigure } | null;
  heartRate: { high: number; low: number; mean: number } | null;
  weight: { latest: number; date: Date; changeOneDay: number | null; changeSevenDays: number | null } | null;
  daysTransmitted: number;
  rangeDays: number;
  daysTransmittedText: string;
}

const round = (n: number) => Math.round(n);
const avg = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const roundTenth = (n: number) => Math.round(n * 10) / 10;

/**
 * The summary above the readings chart (spec patients 2.6) over the last `rangeDays` days ending on the
 * day of `now`. BP HIGH and LOW are the readings with the highest and lowest systolic (diastolic breaks a
 * tie), so each shows a pair that was really measured; MEAN is the rounded mean of each value. The
 * weight change compares the range's latest weight with the last weight of the calendar day 1 and 7 days
 * before, which may lie before the range: pass the `weightComparisonDays` before it too (only the range's
 * readings count toward the figures and the days transmitted).
 */
export function readingSummary(
  readings: readonly Reading[],
  options: { now?: Date; rangeDays?: number; timeZone?: string } = {},
): ReadingSummary {
  const timeZone = options.timeZone ?? defaultTimeZone;
  const rangeDays = options.rangeDays ?? defaultReadingsRangeDays;
  const range = lastDays(rangeDays, options.now ?? new Date(), timeZone);
  const all = readings
    .map((r) => ({ r, day: calendarDay(r.date, timeZone) }))
    .filter(({ day }) => day <= range.last)
    .sort((a, b) => a.r.date.getTime() - b.r.date.getTime());
  const inRange = all.filter(({ day }) => day >= range.first);

  const bp = inRange.map(({ r }) => r).filter(hasBp);
  const bySystolic = [...bp].sort(
    (a, b) => a.systolic - b.systolic || (a.diastolic ?? 0) - (b.diastolic ?? 0),
  );
  const figure = (r: (typeof bp)[number]): BpFigure => ({
    systolic: r.systolic,
    diastolic: r.diastolic ?? null,
  });
  const diastolics = bp.flatMap((r) => (typeof r.diastolic === 'number' ? [r.diastolic] : []));

  const hr = inRange.flatMap(({ r }) => (typeof r.heartRate === 'number' ? [r.heartRate] : []));
  const hasWeight = ({ r }: (typeof all)[number]) => typeof r.weight === 'number';
  const latest = inRange.filter(hasWeight).at(-1);
  const weights = all.filter(hasWeight);
  const weightOn = (day: number) => weights.filter((w) => w.day === day).at(-1)?.r.weight;
  const change = (day: number) => {
    const before = weightOn(day);
    return latest && typeof before === 'number' ? roundTenth(latest.r.weight! - before) : null;
  };

  const daysTransmitted = new Set(inRange.map(({ day }) => day)).size;
  return {
    bp: bp.length
      ? {
          high: figure(bySystolic.at(-1)!),
          low: figure(bySystolic[0]!),
          mean: {
            systolic: round(avg(bp.map((r) => r.systolic))),
            diastolic: diastolics.length ? round(avg(diastolics)) : null,
          },
        }
      : null,
    heartRate: hr.length ? { high: Math.max(...hr), low: Math.min(...hr), mean: round(avg(hr)) } : null,
    weight: latest
      ? {
          latest: latest.r.weight!,
          date: latest.r.date,
          changeOneDay: change(latest.day - 1),
          changeSevenDays: change(latest.day - weightComparisonDays),
        }
      : null,
    daysTransmitted,
    rangeDays,
    daysTransmittedText: `${daysTransmitted} days transmitted (out of ${rangeDays} in range)`,
  };
}
