import { TZDate } from '@date-fns/tz';
import { defaultTimeZone, wallClockToDate } from '@vigil/core';
import { differenceInYears, format } from 'date-fns';

/**
 * Dates on the detail page. Reading times and notes display in the Pacific time zone (spec patients 1),
 * whatever the browser's own zone: a nurse in another state sees what the clinic sees.
 */
const pacific = (value: string | Date | number) => new TZDate(new Date(value).getTime(), defaultTimeZone);

export const formatDateTime = (value: string | Date) => format(pacific(value), 'MM/dd/yyyy h:mm a');

/** Spec patients 4: 'Snoozed until MM/dd/yy, h:mm aaa.' (the caller adds the words). */
export const formatSnoozedUntil = (value: string | Date) => format(pacific(value), 'MM/dd/yy, h:mm aaa');

export const formatTime = (value: string | Date) => format(pacific(value), 'h:mm a');

/** The Pacific calendar day of an instant, as YYYY-MM-DD: notes are grouped by it. */
export const pacificDayKey = (value: string | Date) => format(pacific(value), 'yyyy-MM-dd');

/** YYYY-MM-DD as MM/DD/YYYY, without reading it as an instant (it would slip a day west of UTC). */
export function formatCalendarDate(value: string): string {
  const [y, m, d] = value.slice(0, 10).split('-');
  return `${m}/${d}/${y}`;
}

/** MM/DD/YYYY of a calendar date as written, or of an instant's Pacific day. */
export const formatDayOf = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatCalendarDate(value) : format(pacific(value), 'MM/dd/yyyy');

/** Whole years from a YYYY-MM-DD birth date to today in Pacific time. */
export function ageOn(dateOfBirth: string, now: Date = new Date()): number {
  const [y, m, d] = dateOfBirth.slice(0, 10).split('-').map(Number) as [number, number, number];
  const today = pacific(now);
  return differenceInYears(
    new Date(today.getFullYear(), today.getMonth(), today.getDate()),
    new Date(y, m - 1, d),
  );
}

/** The value of a datetime-local input, in Pacific wall-clock time. */
export const toPacificInput = (value: Date) => format(pacific(value), "yyyy-MM-dd'T'HH:mm");

/** A datetime-local input's value read as Pacific wall-clock time; null when incomplete. */
export const fromPacificInput = (value: string) => (value ? wallClockToDate(value, defaultTimeZone) : null);

const halfHourMs = 30 * 60_000;

/** Spec patients 4: Snooze and Edit default to the next day (24 hours ahead), rounded to 30 minutes. */
export const defaultSnoozeUntil = (now: Date = new Date()) =>
  new Date(Math.round((now.getTime() + 24 * 3_600_000) / halfHourMs) * halfHourMs);
