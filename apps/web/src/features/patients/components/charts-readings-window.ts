import {
  customRangeIssue,
  defaultReadingsRangeDays,
  defaultTimeZone,
  type GraphFilterData,
  type Reading,
  type ReadingView,
  startOfCalendarDay,
  weightComparisonDays,
} from '@vigil/core';

const dayMs = 86_400_000;
/** A calendar date (YYYY-MM-DD) as a `calendarDay` number. */
const dayOfDate = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!) / dayMs;
};

export interface ReadingsWindow {
  start: string;
  end: string;
  /** The calendar days of the range, which the summary counts against. */
  rangeDays: number;
  /** The last instant of the range: the summary's "now". */
  last: Date;
  /** The days before the range that the weight's comparisons look back to: [start, end) too. */
  before: { start: string; end: string };
}

/**
 * The instants of the chosen range on the clinic's calendar (DESIGN 4, Pacific): "the last N days" is today
 * and the N-1 days before; a custom range runs from the start of its first day to the end of its last.
 */
export function readingsWindow(filter: GraphFilterData, today: number): ReadingsWindow {
  const custom =
    filter.dateRange === 'custom' &&
    filter.startDate &&
    filter.endDate &&
    !customRangeIssue(filter.startDate, filter.endDate);
  // A custom range stored without both of its dates, or one the readings call refuses, reads as the default.
  const days = typeof filter.dateRange === 'number' ? filter.dateRange : defaultReadingsRangeDays;
  const first = custom ? dayOfDate(filter.startDate!) : today - days + 1;
  const last = custom ? dayOfDate(filter.endDate!) : today;
  const end = startOfCalendarDay(last + 1, defaultTimeZone);
  const start = startOfCalendarDay(first, defaultTimeZone).toISOString();
  return {
    start,
    end: end.toISOString(),
    rangeDays: last - first + 1,
    last: new Date(end.getTime() - 1),
    before: {
      start: startOfCalendarDay(first - weightComparisonDays, defaultTimeZone).toISOString(),
      end: start,
    },
  };
}

/** A reading as the core's rules take it. */
export const asReading = (r: ReadingView): Reading & { _id: string } => ({ ...r, date: new Date(r.date) });

export type InfoToggle = GraphFilterData['infoToggle'];

/** Whether a reading belongs to the type filter: 'BP & HR' or Weight. */
export const matchesInfo = (r: Pick<ReadingView, 'systolic' | 'heartRate' | 'weight'>, info: InfoToggle) =>
  info === 'all' || (info === 'bpHr' ? r.systolic !== null || r.heartRate !== null : r.weight !== null);
