import { calendarDay, defaultTimeZone, monthDays } from '../format/calendar.helpers.js';
import { isDeviceReading, type Reading } from '../readings/readings.types.js';

/** The RPM codes of a month under the CMS rules in force in 2026 (DESIGN 4). */
export const billingCodeList = ['99453', '99454', '99445', '99457', '99458', '99470'] as const;
export type BillingCode = (typeof billingCodeList)[number];

export const billingRules = {
  setupDays: 2,
  fullMonthDays: 16,
  shortMonthDays: 2,
  managementSeconds: 20 * 60,
  shortManagementSeconds: 10 * 60,
  maxAdditionalUnits: 2,
} as const;

/** Distinct calendar days of the month with device data; manual readings are not device data. */
export function deviceReadingDays(
  readings: readonly Reading[],
  timeZone: string,
  month: number,
  year: number,
): number {
  const { first, last } = monthDays(month, year);
  const days = readings
    .filter(isDeviceReading)
    .map((r) => calendarDay(r.date, timeZone))
    .filter((day) => day >= first && day <= last);
  return new Set(days).size;
}

export interface BillingInput {
  /** Distinct device days in the month since enrolment (see `deviceReadingDays`). */
  deviceReadingDays: number;
  trackedSeconds: number;
  /** Whether staff completed a call with the patient this month; a text exchange does not count (issue 10). */
  interactiveCommunication: boolean;
  enrolledAt: Date | null | undefined;
  /** Whether 99453 was already billed for this enrolment in an earlier month. */
  billed99453Before: boolean;
  month: number;
  year: number;
  /** The clinic's zone, for the calendar day of the enrolment. */
  timeZone?: string;
}

export interface BillingLine {
  code: BillingCode;
  units: number;
  reason: string;
  /**
   * For a code not earned: what is still missing to earn it ('11 of 16 days', '14 of 20 minutes', 'no
   * completed call'); absent when nothing could earn it this month (billed already, another code applies).
   */
  missing?: string;
}

export interface BillingResult {
  earned: BillingLine[];
  notEarned: BillingLine[];
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * Codes and units a patient's month earns, each with its reason, and the reason for every code not
 * earned, so a biller can see what is missing.
 *
 * Choices: nothing is earned in a month that ends before the enrolment starts (or without one). Treatment
 * management (99457, 99458, 99470) needs an interactive communication in the month, as CMS requires,
 * however much time was tracked. Tracked time counts in whole minutes.
 */
export function billingCodes(input: BillingInput): BillingResult {
  const earned: BillingLine[] = [];
  const notEarned: BillingLine[] = [];
  const earn = (code: BillingCode, reason: string, units = 1) => earned.push({ code, units, reason });
  const miss = (code: BillingCode, reason: string, missing?: string) =>
    notEarned.push({ code, units: 0, reason, ...(missing ? { missing } : {}) });
  /** A code short of its threshold: the reason is what is missing. */
  const short = (code: BillingCode, text: string) => miss(code, text, text);

  const { last } = monthDays(input.month, input.year);
  const enrolled =
    !!input.enrolledAt && calendarDay(input.enrolledAt, input.timeZone ?? defaultTimeZone) <= last;
  if (!enrolled) {
    for (const code of billingCodeList) miss(code, 'Not enrolled in this month', 'not enrolled this month');
    return { earned, notEarned };
  }

  const days = input.deviceReadingDays;
  const daysText = plural(days, 'day');
  if (input.billed99453Before) miss('99453', 'Already billed for this enrolment');
  else if (days >= billingRules.setupDays)
    earn('99453', `First month with 2 days of device data (${daysText})`);
  else short('99453', `${days} of ${billingRules.setupDays} days`);

  if (days >= billingRules.fullMonthDays) {
    earn('99454', `${daysText} of device data (16 or more)`);
    miss('99445', `${daysText}: 99454 applies instead`);
  } else if (days >= billingRules.shortMonthDays) {
    short('99454', `${days} of ${billingRules.fullMonthDays} days`);
    earn('99445', `${daysText} of device data (2 to 15)`);
  } else {
    short('99454', `${days} of ${billingRules.fullMonthDays} days`);
    short('99445', `${days} of ${billingRules.shortMonthDays} days`);
  }

  const minutes = Math.floor(Math.max(0, input.trackedSeconds) / 60);
  const minutesText = plural(minutes, 'minute');
  if (!input.interactiveCommunication) {
    const reason = `No interactive communication with the patient this month (${minutesText} tracked)`;
    for (const code of ['99457', '99458', '99470'] as const) miss(code, reason, 'no completed call');
    return { earned, notEarned };
  }
  if (minutes >= 20) {
    earn('99457', `${minutesText} of treatment management (20 or more)`);
    const additional = Math.min(billingRules.maxAdditionalUnits, Math.floor(minutes / 20) - 1);
    if (additional > 0)
      earn(
        '99458',
        `${plural(additional, 'unit')}, one per further full 20 minutes (${minutesText})`,
        additional,
      );
    else short('99458', `${minutes} of 40 minutes`);
    miss('99470', `${minutesText}: 99457 applies instead`);
  } else {
    short('99457', `${minutes} of 20 minutes`);
    short('99458', `${minutes} of 40 minutes`);
    if (minutes >= 10) earn('99470', `${minutesText} of treatment management (10 to 19)`);
    else short('99470', `${minutes} of 10 minutes`);
  }
  return { earned, notEarned };
}
