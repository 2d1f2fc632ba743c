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
  const local = new TZDate(date.getTime(), timeZone);
  return Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()) / dayMs;
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

/** The instant a calendar day starts in `timeZone`. */
export function startOfCalendarDay(day: number, timeZone: string): Date {
  const utc = new Date(day * dayMs);
  return new Date(new TZDate(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate(), timeZone).getTime());
}
