import { TZDate } from '@date-fns/tz';
import { defaultTimeZone, reportMonths } from '@vigil/core';
import { monthLabel } from '../../lib/months';

export interface ReportMonthOption {
  month: number;
  year: number;
  /** 'YYYY-M': the select's value. */
  value: string;
  label: string;
}

export const reportMonthValue = (month: number, year: number) => `${year}-${month}`;

/** The month of a moment on the clinics' calendar (spec administration 9: Pacific time). */
function monthOf(date: Date): { month: number; year: number } {
  const local = new TZDate(date.getTime(), defaultTimeZone);
  return { month: local.getMonth() + 1, year: local.getFullYear() };
}

/**
 * The report months, newest first: from the month of the first reading the user may see to the current
 * month (spec administration 7, 9). Without a reading yet, only the current month.
 */
export function reportMonthOptions(firstReadingDate: string | null, now = new Date()): ReportMonthOption[] {
  const first = firstReadingDate ? new Date(firstReadingDate) : now;
  const usable = !Number.isNaN(first.getTime()) && first.getTime() <= now.getTime();
  const from = monthOf(usable ? first : now);
  return reportMonths(now, from).map(({ month, year }) => ({
    month,
    year,
    value: reportMonthValue(month, year),
    label: monthLabel(month, year),
  }));
}

/** The current month, the default of both forms (spec administration 9). */
export const currentReportMonth = (now = new Date()) => monthOf(now);
