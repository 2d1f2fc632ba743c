import { calendarDay, defaultTimeZone, startOfCalendarDay } from '../format/calendar.helpers.js';
import { storableYear } from '../format/patterns.constants.js';
import { formatDate } from '../format/text.helpers.js';
import { z } from '../format/zod.js';
import { messages } from '../messages.js';
import { type RoleType, roleLabel } from '../users/roles.js';

/**
 * The audit trail screen (spec patients 2.7, 3 'Audit log entry', 9): its days and times are Pacific, like
 * every time the detail page shows, and its range is a span of Pacific calendar days.
 */
export const auditTrailTimeZone = defaultTimeZone;

/** The longest range the audit trail answers: a year, with a leap day to spare. */
export const auditTrailMaxDays = 366;

export const auditTrailTexts = {
  title: 'Audit Trail',
  back: 'Back to patient',
  openTrail: 'Audit Trail',
  dateRange: 'Date range',
  fromDate: 'From',
  toDate: 'To',
  filter: 'Filter',
  totalTracked: 'Total time tracked',
  dayTracked: 'Time tracked',
  noEvents: 'No events in this period.',
  automatic: 'Vigil (automatic)',
  rangeOrder: 'The start date must not be after the end date',
  rangeTooLong: `The range can span at most ${auditTrailMaxDays} days`,
} as const;

const storableDay = z.iso.date().refine((day) => storableYear(Number(day.slice(0, 4))), messages.invalidDate);

/** GET /auditTrailLogs/{patientId}?fromDate=YYYY-MM-DD&endDate=YYYY-MM-DD, both days included. */
export const AuditTrailQuery = z
  .object({ fromDate: storableDay, endDate: storableDay })
  .refine((q) => q.fromDate <= q.endDate, { message: auditTrailTexts.rangeOrder, path: ['endDate'] })
  .refine((q) => isoDayNumber(q.endDate) - isoDayNumber(q.fromDate) < auditTrailMaxDays, {
    message: auditTrailTexts.rangeTooLong,
    path: ['endDate'],
  });
export type AuditTrailQuery = z.infer<typeof AuditTrailQuery>;

/** One event of the trail: who (null when the product acted by itself: a device, a job), when, what. */
export interface AuditTrailLog {
  _id: string;
  /** ISO instant. */
  date: string;
  message: string;
  user: { firstName: string; lastName: string; role: { type: RoleType } } | null;
  /** The acting user's clinic; null for a CIRCLE user, who belongs to none. */
  clinic: { name: string } | null;
}

export interface AuditTrailResponse {
  /** Newest first. */
  logs: AuditTrailLog[];
  /** Seconds of time entries per Pacific day (MM/DD/YYYY), for the days that have any. */
  trackedTimeByDay: Record<string, number>;
  /** Seconds of time entries in the whole range: the sum of `trackedTimeByDay`. */
  totalTrackedTime: number;
}

const dayMs = 86_400_000;
const isoDayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / dayMs;
const isoOfDayNumber = (day: number) => new Date(day * dayMs).toISOString().slice(0, 10);

/** The instants [from, to) that a range of Pacific days covers; a day is 23 or 25 hours across a change. */
export function auditTrailInstants(query: AuditTrailQuery): { from: Date; to: Date } {
  return {
    from: startOfCalendarDay(isoDayNumber(query.fromDate), auditTrailTimeZone),
    to: startOfCalendarDay(isoDayNumber(query.endDate) + 1, auditTrailTimeZone),
  };
}

/** The default range (spec patients 9): yesterday to today, in Pacific days. */
export function defaultAuditTrailRange(now: Date): AuditTrailQuery {
  const today = calendarDay(now, auditTrailTimeZone);
  return { fromDate: isoOfDayNumber(today - 1), endDate: isoOfDayNumber(today) };
}

/** The day key of the trail: MM/DD/YYYY of the Pacific day. */
export const auditTrailDay = (date: Date | string): string => formatDate(date, auditTrailTimeZone);

/** Seconds per Pacific day, keyed MM/DD/YYYY, of entries at the given instants. */
export function trackedTimeByDay(entries: ReadonlyArray<{ at: Date | string; seconds: number }>) {
  const byDay: Record<string, number> = {};
  for (const e of entries) {
    const day = auditTrailDay(e.at);
    byDay[day] = (byDay[day] ?? 0) + e.seconds;
  }
  return byDay;
}

/** The events grouped by Pacific day, in the order given (newest first), each day once. */
export function groupAuditLogsByDay<T extends { date: string }>(
  logs: readonly T[],
): Array<{ day: string; logs: T[] }> {
  const groups: Array<{ day: string; logs: T[] }> = [];
  for (const log of logs) {
    const day = auditTrailDay(log.date);
    const last = groups.at(-1);
    if (last?.day === day) last.logs.push(log);
    else groups.push({ day, logs: [log] });
  }
  return groups;
}

/** The role in words, with the clinic name unless the role is a care navigator (spec patients 6). */
export function auditRoleLabel(log: Pick<AuditTrailLog, 'user' | 'clinic'>): string {
  if (!log.user) return auditTrailTexts.automatic;
  const words = roleLabel(log.user.role.type);
  if (log.user.role.type === 'CARE_NAVIGATOR' || !log.clinic) return words;
  return `${words}, ${log.clinic.name}`;
}

/** The user's name as the trail shows it; the product itself when no user acted. */
export function auditActorName(log: Pick<AuditTrailLog, 'user'>): string {
  return log.user ? `${log.user.firstName} ${log.user.lastName}` : auditTrailTexts.automatic;
}
