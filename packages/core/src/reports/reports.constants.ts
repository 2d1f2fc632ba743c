import { TZDate } from '@date-fns/tz';
import { defaultTimeZone } from '../format/calendar.helpers.js';

export const reportVersions = ['old', 'new'] as const;
export type ReportVersion = (typeof reportVersions)[number];
export const reportVersionLabels: Readonly<Record<ReportVersion, string>> = {
  old: 'Old Version',
  new: 'New Version',
};

/** Patient report types: Blood Pressure (data) and Weight. */
export const patientReportTypes = ['data', 'weight'] as const;
export type PatientReportType = (typeof patientReportTypes)[number];
export const patientReportTypeLabels: Readonly<Record<PatientReportType, string>> = {
  data: 'Blood Pressure',
  weight: 'Weight',
};

export const reportKinds = ['billing', 'monitoring'] as const;
export const reportStatuses = ['pending', 'done', 'failed'] as const;
export const reportPollMs = 10_000;
/** The detail page's report months start here. */
export const firstReportMonth = { month: 1, year: 2018 } as const;

/** Months newest first, from `from` to the month of `now` in the clinics' zone (month 1-12). */
export function reportMonths(
  now: Date,
  from: { month: number; year: number },
): { month: number; year: number }[] {
  const local = new TZDate(now.getTime(), defaultTimeZone);
  const months: { month: number; year: number }[] = [];
  let index = local.getFullYear() * 12 + local.getMonth();
  const first = from.year * 12 + from.month - 1;
  for (; index >= first; index--) months.push({ month: (index % 12) + 1, year: Math.floor(index / 12) });
  return months;
}

/** The clinician list's Export Data Report dialog offers the last 12 months. */
export function lastTwelveMonths(now: Date) {
  const local = new TZDate(now.getTime(), defaultTimeZone);
  const first = local.getFullYear() * 12 + local.getMonth() - 11;
  return reportMonths(now, { month: (first % 12) + 1, year: Math.floor(first / 12) });
}
