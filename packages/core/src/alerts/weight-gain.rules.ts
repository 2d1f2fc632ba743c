import { calendarDay } from '../format/calendar.helpers.js';
import type { Reading } from '../readings/readings.types.js';
import type { Thresholds } from './custom-alerts.rules.js';

export interface DayWeight {
  date: Date;
  day: number;
  weight: number;
}

/**
 * Weights with their calendar day, oldest first. Equal instants are ordered by weight so that "the
 * day's last weight" is the same whatever order the readings arrived in.
 */
export function dayWeights(readings: readonly Reading[], timeZone: string): DayWeight[] {
  return readings
    .filter((r): r is Reading & { weight: number } => typeof r.weight === 'number')
    .map((r) => ({ date: r.date, day: calendarDay(r.date, timeZone), weight: r.weight }))
    .sort((a, b) => a.date.getTime() - b.date.getTime() || a.weight - b.weight);
}

// Weights are decimals (183.2 - 180.2 is 2.9999999999999716 in floating point); a gain is exact to 0.01 lb.
const roundGain = (gain: number) => Math.round(gain * 100) / 100;

/** The gain over the previous calendar day's last weight, or null when that day has no weight. */
export function gainOverPreviousDay(target: DayWeight, weights: readonly DayWeight[]): number | null {
  const previousDay = weights.filter((w) => w.day === target.day - 1);
  const last = previousDay[previousDay.length - 1];
  return last ? roundGain(target.weight - last.weight) : null;
}

/** The gain over the lowest weight of the 6 calendar days before, or null when they have none. */
export function gainOverWeek(target: DayWeight, weights: readonly DayWeight[]): number | null {
  const before = weights.filter((w) => w.day >= target.day - 6 && w.day < target.day);
  return before.length ? roundGain(target.weight - Math.min(...before.map((w) => w.weight))) : null;
}

export function isOneDayGain(target: DayWeight, weights: readonly DayWeight[], t: Thresholds): boolean {
  const gain = gainOverPreviousDay(target, weights);
  return t.weightOneDay.on && gain !== null && gain >= t.weightOneDay.pounds;
}

export function isSevenDayGain(target: DayWeight, weights: readonly DayWeight[], t: Thresholds): boolean {
  const gain = gainOverWeek(target, weights);
  return t.weightSevenDays.on && gain !== null && gain >= t.weightSevenDays.pounds;
}
