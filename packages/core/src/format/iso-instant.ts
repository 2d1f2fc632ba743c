import { detailPageErrors } from '../messages.js';
import { z } from './zod.js';

// The year in four digits, or six with a sign as `toISOString` writes the years past 9999.
const isoDateTime =
  /^(\d{4}|[+-]\d{6})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * An ISO 8601 date and time with its zone, of a day that exists: JavaScript's own parsing would take
 * '2026-02-30' as March 2nd, and a time without a zone as the server's.
 */
export function parseIsoInstant(text: string): Date | null {
  const match = isoDateTime.exec(text.trim());
  if (!match) return null;
  // Seconds may be left out: they count as 0.
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match
    .slice(1, 7)
    .map((part) => Number(part ?? 0));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const date = new Date(text.trim().replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * An instant as a form holds it (a Date) or as the API sends it (ISO 8601 with its zone, of a day that
 * exists). A text that is not one is 'Expected a date and time (ISO 8601)'; nothing at all, 'Required'.
 */
export const instantInput = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? (parseIsoInstant(value) ?? value) : value),
  z.date({
    error: (issue) =>
      typeof issue.input === 'string' && issue.input.trim() !== ''
        ? detailPageErrors.instantRequired
        : undefined,
  }),
);
