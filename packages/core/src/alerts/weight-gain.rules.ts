import { calendarDay } from '../format/calendar.helpers.js';
import type { Reading } from '../readings/readings.types.js';
import type { Thresholds } from './custom-alerts.rules.js';

export interface DayWeight {
  date: Date;
  day: number;
  weight: number;
}

/** A patient's weights, oldest first, with each calendar day's last and lowest weight. */
export interface DayWeights {
  all: DayWeight[];
  lastOfDay: Map<number, number>;
  lowestOfDay: Map<number, number>;
}

/**
 * Weights with their calendar day, oldest first. Equal instants are ordered by weight so that "the
 * day's last weight" is the same whatever order the readings arrived in. Each day's last and lowest
 * weight are kept beside them, so a rule reads a day in one lookup, not a scan of every weight.
 */
export function dayWeights(readings: readonly Reading[], timeZone: string): DayWeights {
  const all = readings
    .filter((r): r is Reading & { weight: number } => typeof r.weight === 'number')
    .map((r) => ({ date: r.date, day: calendarDay(r.date, timeZone), weight: r.weight }))
    .sort((a, b) => a.date.getTime() - b.date.getTime() || a.weight - b.weight);
  const lastOfDay = new Map<number, number>();
  const lowestOfDay = new Map<number, number>();
  for (const { day, weight } of all) {
    lastOfDay.set(day, weight);
    lowestOfDay.set(day, Math.min(weight, lowestOfDay.get(day) ?? weight));
  }
  return { all, lastOfDay, lowestOfDay };
}

// Weights are decimals (183.2 - 180.2 is 2.9999999999999716 in floating point); a gain is exact to 0.01 lb.
const roundGain = (gain: number) => Math.round(gain * 100) / 100;

/** The gain over the previous calendar day's last weight, or null when that day has no weight. */
export function gainOverPreviousDay(target: DayWeight, weights: DayWeights): number | null {
  const last = weights.lastOfDay.get(target.day - 1);
  return last === undefined ? null : roundGain(target.weight - last);
}

/** The gain over the lowest weight of the 6 calendar days before, or null when they have none. */
export function gainOverWeek(target: DayWeight, weights: DayWeights): number | null {
  let lowest: number | undefined;
  for (let day = target.day - 6; day < target.day; day++) {
    const low = weights.lowestOfDay.get(day);
    if (low !== undefined && (lowest === undefined || low < lowest)) lowest = low;
  }
  return lowest === undefined ? null : roundGain(target.weight - lowest);
}

export function isOneDayGain(target: DayWeight, weights: DayWeights, t: Thresholds): boolean {
  const gain = gainOverPreviousDay(target, weights);
  return t.weightOneDay.on && gain !== null && gain >= t.weightOneDay.pounds;
}

export function isSevenDayGain(target: DayWeight, weights: DayWeights, t: Thresholds): boolean {
  const gain = gainOverWeek(target, weights);
  return t.weightSevenDays.on && gain !== null && gain >= t.weightSevenDays.pounds;
}
