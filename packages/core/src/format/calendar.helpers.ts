import { TZDate } from '@date-fns/tz';

/** The clinics' default time zone (spec administration 9; DESIGN 4). */
export const defaultTimeZone = 'America/Los_Angeles';

const dayMs = 86_400_000;

/**
 * A calendar day in `timeZone` as a whole number (days since 1970-01-01 of that zone's wall calendar).
 * Rules compare and subtract these numbers, which stays exact across daylight-saving changes, where a
 * day is 23 or 25 hours long.
 */
export function calendarDay(date: Date, timeZone: string): number {
  const instant = date.getTime();
  if (!Number.isFinite(instant)) return Number.NaN;
  // From the memoised day starts: a zone is never a whole day away from UTC, so this moves once at most.
  const starts = dayStartsOf(timeZone);
  let day = Math.floor(instant / dayMs);
  while (dayStart(starts, day, timeZone) > instant) day--;
  while (dayStart(starts, day + 1, timeZone) <= instant) day++;
  return day;
}

/** The calendar days of a month (1-12) as the range [first, last] of `calendarDay` numbers. */
export function monthDays(month: number, year: number): { first: number; last: number } {
  return { first: Date.UTC(year, month - 1, 1) / dayMs, last: Date.UTC(year, month, 0) / dayMs };
}

/** "The last N days": today and the N-1 calendar days before it (DESIGN 4). */
export function lastDays(n: number, now: Date, timeZone: string): { first: number; last: number } {
  const today = calendarDay(now, timeZone);
  return { first: today - n + 1, last: today };
}

/**
 * Day starts already worked out, per zone and day: time zone arithmetic is the costly part of the rules,
 * and every reading stored asks for the same few days again. Bounded, since days only move forward. Kept
 * as numbers in one map per zone: the rules ask for thousands of days per request, and a string key or a
 * `Date` per lookup was a tenth of a webhook's CPU (decision 0015).
 */
const dayStarts = new Map<string, Map<number, number>>();
const dayStartsLimit = 50_000;

function dayStartsOf(timeZone: string): Map<number, number> {
  let starts = dayStarts.get(timeZone);
  if (!starts) {
    starts = new Map();
    dayStarts.set(timeZone, starts);
  }
  return starts;
}

/** The instant (ms) a calendar day starts in `timeZone`, from the zone's memo `starts`. */
function dayStart(starts: Map<number, number>, day: number, timeZone: string): number {
  let start = starts.get(day);
  if (start === undefined) {
    const utc = new Date(day * dayMs);
    start = new TZDate(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate(), timeZone).getTime();
    if (starts.size >= dayStartsLimit) starts.clear();
    starts.set(day, start);
  }
  return start;
}

/** The instant a calendar day starts in `timeZone`. */
export function startOfCalendarDay(day: number, timeZone: string): Date {
  return new Date(dayStart(dayStartsOf(timeZone), day, timeZone));
}
