/** Date range presets of the readings panel in days, 14 by default (spec patients 2.6, 9). */
export const dateRangePresets = [
  { days: 1, label: 'Today' },
  { days: 7, label: '7 Days' },
  { days: 14, label: '14 Days' },
  { days: 30, label: '30 Days' },
  { days: 60, label: '60 Days' },
  { days: 365, label: 'Last Year' },
] as const;
export const defaultReadingsRangeDays = 14;

/**
 * Ours: a reading stamped more than a year ago is refused, typed (a year mistyped, 1926 for 2026) or sent (a
 * device whose clock reset): stored, it would mean nothing for care or billing, and its month would head
 * every month list of the reports.
 */
export const readingMaxAgeMs = 365 * 86_400_000;
/** The weight's longer comparison looks this many days back (spec patients 2.6, 9), before a range's start too. */
export const weightComparisonDays = 7;

/** Time zones of the manual reading dialog (US zones), with the zone each label stands for. */
export const readingTimeZones = [
  { label: 'Alaska', timeZone: 'America/Anchorage' },
  { label: 'Arizona', timeZone: 'America/Phoenix' },
  { label: 'Central', timeZone: 'America/Chicago' },
  { label: 'Eastern', timeZone: 'America/New_York' },
  { label: 'Hawaii', timeZone: 'Pacific/Honolulu' },
  { label: 'Mountain', timeZone: 'America/Denver' },
  { label: 'Pacific', timeZone: 'America/Los_Angeles' },
] as const;
export type ReadingTimeZone = (typeof readingTimeZones)[number]['timeZone'];
export const readingTimeZoneIds = readingTimeZones.map((z) => z.timeZone) as [
  ReadingTimeZone,
  ...ReadingTimeZone[],
];

/** Plausible bounds of a value typed by hand; outside them the entry is a typo, not a reading. */
export const readingBounds = {
  systolic: { min: 20, max: 350 },
  diastolic: { min: 10, max: 250 },
  heartRate: { min: 10, max: 350 },
  weight: { min: 1, max: 1500 },
} as const;
