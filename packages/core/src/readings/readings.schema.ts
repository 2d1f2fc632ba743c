import { TZDate } from '@date-fns/tz';
import { parseIsoInstant } from '../format/iso-instant.js';
import { storableYear } from '../format/patterns.constants.js';
import { z } from '../format/zod.js';
import { detailPageErrors, messages, toasts } from '../messages.js';
import { GraphFilterData } from '../patients/patient-details.js';
import { readingBounds, readingMaxAgeMs, readingTimeZoneIds } from './readings.constants.js';

type Measure = keyof typeof readingBounds;
type Entered =
  | { state: 'blank' }
  | { state: 'empty' }
  | { state: 'invalid' }
  | { state: 'ok'; value: number };

/**
 * A typed value. Blank (nothing typed) skips validation, as the spec asks; a value of only spaces was
 * typed, so it is validated and found empty, which is when the "... is required" messages show.
 */
function entered(raw: string | number | null | undefined): Entered {
  if (raw === undefined || raw === null || raw === '') return { state: 'blank' };
  if (typeof raw === 'number')
    return Number.isFinite(raw) ? { state: 'ok', value: raw } : { state: 'invalid' };
  const text = raw.trim();
  if (!text) return { state: 'empty' };
  return /^\d+(\.\d+)?$/.test(text) ? { state: 'ok', value: Number(text) } : { state: 'invalid' };
}

const typed = z.union([z.string(), z.number()]).nullish();
const wallClock = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A wall-clock date and time ('2026-03-08T09:30') in a time zone, or null if it is not one. */
export function wallClockToDate(value: string, timeZone: string): Date | null {
  const m = wallClock.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as number[];
  const date = new TZDate(y!, mo! - 1, d!, h!, mi!, s!, timeZone);
  // TZDate rolls 02/30 over to March, and reads the years 0 to 99 as 1900 to 1999 (a year typed '26' is
  // no 1926): a date that does not round-trip was not a real one.
  return date.getFullYear() === y && date.getMonth() === mo! - 1 && date.getDate() === d!
    ? new Date(date.getTime())
    : null;
}

const requiredMessage: Record<Measure, string> = {
  systolic: messages.systolicRequired,
  diastolic: messages.diastolicRequired,
  heartRate: messages.heartRateRequired,
  weight: messages.weightRequired,
};

export interface ManualReading {
  date: Date;
  timezone: string;
  systolic?: number;
  diastolic?: number;
  heartRate?: number;
  weight?: number;
}

/**
 * The manual reading dialog (spec patients 5). `date` is the wall-clock date and time the user picked
 * ('yyyy-MM-ddTHH:mm'), interpreted in the chosen time zone. Every error shows at once; "at least one
 * value" is a form-level error on `root`. The output is the POST /bp-readings body: one reading per
 * group entered (blood pressure, heart rate, weight), which is what the 'One/Two/Three readings added.'
 * toast counts.
 */
export function manualReadingForm(now: () => Date = () => new Date()) {
  return z
    .object({
      date: z.string().nullish(),
      timezone: z.string().nullish(),
      systolic: typed,
      diastolic: typed,
      heartRate: typed,
      weight: typed,
    })
    .transform((v, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', message, path: [path] });
      const values: Partial<Record<Measure, number>> = {};
      const check = (measure: Measure) => {
        const e = entered(v[measure]);
        if (e.state === 'blank') return;
        if (e.state === 'empty') return issue(measure, requiredMessage[measure]);
        if (e.state === 'invalid') return issue(measure, messages.mustBeNumber);
        const { min, max } = readingBounds[measure];
        if (e.value < min || e.value > max) return issue(measure, messages.outOfRange);
        values[measure] = e.value;
      };
      const bpEntered = entered(v.systolic).state !== 'blank' || entered(v.diastolic).state !== 'blank';
      if (bpEntered) {
        for (const m of ['systolic', 'diastolic'] as const)
          if (entered(v[m]).state === 'blank') issue(m, requiredMessage[m]);
        check('systolic');
        check('diastolic');
        if (
          values.systolic !== undefined &&
          values.diastolic !== undefined &&
          values.diastolic >= values.systolic
        )
          issue('diastolic', messages.diastolicNotBelowSystolic);
      }
      check('heartRate');
      check('weight');
      if (!bpEntered && ['heartRate', 'weight'].every((m) => entered(v[m as Measure]).state === 'blank'))
        issue('root', messages.readingValueRequired);

      const timezone =
        v.timezone && (readingTimeZoneIds as string[]).includes(v.timezone) ? v.timezone : null;
      if (!timezone) issue('timezone', messages.required);
      let date: Date | null = null;
      if (!v.date?.trim()) issue('date', messages.dateRequired);
      else if (timezone) {
        date = wallClockToDate(v.date, timezone);
        if (!date) issue('date', messages.invalidDate);
        else if (date.getTime() > now().getTime()) issue('date', messages.readingInFuture);
        else if (date.getTime() < now().getTime() - readingMaxAgeMs) issue('date', messages.readingTooOld);
      }
      if (ctx.issues.length || !date || !timezone) return z.NEVER;

      const at = { date, timezone };
      const readings: ManualReading[] = [];
      if (values.systolic !== undefined)
        readings.push({ ...at, systolic: values.systolic, diastolic: values.diastolic! });
      if (values.heartRate !== undefined) readings.push({ ...at, heartRate: values.heartRate });
      if (values.weight !== undefined) readings.push({ ...at, weight: values.weight });
      return { readings };
    });
}
export type ManualReadingFormInput = z.input<ReturnType<typeof manualReadingForm>>;

/** 'One reading added.', 'Two readings added.' or 'Three readings added.'. */
export const readingsAddedToast = (count: number) =>
  toasts.readingsAdded[Math.min(Math.max(count, 1), 3) - 1]!;

const bounded = (measure: Measure) =>
  z
    .number({ error: messages.mustBeNumber })
    .min(readingBounds[measure].min, messages.outOfRange)
    .max(readingBounds[measure].max, messages.outOfRange);

/** Browser and server clocks differ by a little; a reading taken "now" must not be refused for it. */
export const clockSkewMs = 5 * 60_000;

/** POST /pacients/{id}/bp-readings body, as the server checks it. */
export function manualReadingsRequest(now: () => Date = () => new Date()) {
  const reading = z
    .object({
      // An ISO string: a number or null would coerce to 1970 and be stored as a reading of that day.
      date: z
        .string({ error: (issue) => (issue.input == null ? messages.dateRequired : undefined) })
        .trim()
        .min(1, messages.dateRequired)
        // A day that exists, with its zone: JavaScript would read '2026-02-30' as March 2nd.
        .transform((text, ctx) => {
          const date = parseIsoInstant(text);
          if (date && date.getUTCFullYear() >= 1900) return date;
          ctx.addIssue({ code: 'custom', message: messages.invalidDate });
          return z.NEVER;
        })
        .refine((d) => d.getTime() <= now().getTime() + clockSkewMs, messages.readingInFuture)
        .refine((d) => d.getTime() >= now().getTime() - readingMaxAgeMs, messages.readingTooOld),
      timezone: z.enum(readingTimeZoneIds),
      systolic: bounded('systolic').optional(),
      diastolic: bounded('diastolic').optional(),
      heartRate: bounded('heartRate').optional(),
      weight: bounded('weight').optional(),
    })
    .superRefine((r, ctx) => {
      if ((r.systolic === undefined) !== (r.diastolic === undefined))
        ctx.addIssue({
          code: 'custom',
          message: r.systolic === undefined ? messages.systolicRequired : messages.diastolicRequired,
          path: [r.systolic === undefined ? 'systolic' : 'diastolic'],
        });
      // Higher than the systolic it is not a blood pressure: most likely the two numbers swapped.
      if (r.systolic !== undefined && r.diastolic !== undefined && r.diastolic >= r.systolic)
        ctx.addIssue({ code: 'custom', message: messages.diastolicNotBelowSystolic, path: ['diastolic'] });
      if ([r.systolic, r.heartRate, r.weight].every((v) => v === undefined))
        ctx.addIssue({ code: 'custom', message: messages.readingValueRequired, path: [] });
    });
  return z.object({ readings: z.array(reading).min(1, messages.readingValueRequired).max(3) });
}

/** The longest range GET /pacients/{id}/readings answers: the 'Last Year' preset with room to spare. */
export const readingsRangeMaxDays = 400;

const instant = z.iso
  .datetime({ offset: true, error: detailPageErrors.instantRequired })
  .transform((value) => new Date(value))
  .refine((date) => storableYear(date.getUTCFullYear()), detailPageErrors.instantRequired);

/** The calendar days of a custom range of 'yyyy-mm-dd' dates, both ends included. */
export const customRangeDays = (startDate: string, endDate: string) =>
  Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * GET /pacients/{id}/readings?start=&end= as the server checks it: two ISO instants, the start before
 * the end, at most 400 days apart (and the hour a custom range of 400 days gains when it holds one more
 * fall-back of the clocks than spring-forwards), so one request never reads a patient's whole history.
 */
export const ReadingsRangeRequest = z
  .object({ start: instant, end: instant })
  .superRefine(({ start, end }, ctx) => {
    // Zod runs this check even after a malformed instant (its issue does not abort), untransformed.
    if (!(start instanceof Date && end instanceof Date)) return;
    if (start.getTime() >= end.getTime())
      ctx.addIssue({ code: 'custom', message: detailPageErrors.readingsRangeOrder, path: ['end'] });
    else if (end.getTime() - start.getTime() > readingsRangeMaxDays * 86_400_000 + 3_600_000)
      ctx.addIssue({ code: 'custom', message: detailPageErrors.readingsRangeTooLong, path: ['end'] });
  });
export type ReadingsRangeRequest = z.infer<typeof ReadingsRangeRequest>;

/** Why a custom range of both its dates cannot apply ('yyyy-mm-dd'), or null when it can. */
export function customRangeIssue(startDate: string, endDate: string): string | null {
  if (startDate > endDate) return messages.dateRangeOrder;
  if (customRangeDays(startDate, endDate) > readingsRangeMaxDays)
    return detailPageErrors.readingsRangeTooLong;
  return null;
}

/**
 * PUT /users/updateGraphFilterData/{userId} body: the readings panel's choices. A custom range applies
 * only with both ends chosen (spec patients 2.6), its start not after its end, and of at most the days
 * the readings call answers.
 */
export const GraphFilterDataRequest = GraphFilterData.superRefine((data, ctx) => {
  if (data.dateRange !== 'custom') return;
  for (const field of ['startDate', 'endDate'] as const)
    if (!data[field]) ctx.addIssue({ code: 'custom', message: messages.required, path: [field] });
  const issue = data.startDate && data.endDate ? customRangeIssue(data.startDate, data.endDate) : null;
  if (issue) ctx.addIssue({ code: 'custom', message: issue, path: ['endDate'] });
});

/**
 * An entry of the readings-entry schema: its values, time and time zone are required ('Required') only
 * once the entry is flagged as edited.
 */
export const ReadingsEntry = z
  .object({
    edited: z.boolean().default(false),
    systolic: typed,
    diastolic: typed,
    weight: typed,
    heartRate: typed,
    time: z.string().nullish(),
    timezone: z.string().nullish(),
  })
  .superRefine((entry, ctx) => {
    if (!entry.edited) return;
    for (const field of ['systolic', 'diastolic', 'weight', 'heartRate', 'time', 'timezone'] as const) {
      const value = entry[field];
      if (value === undefined || value === null || String(value).trim() === '')
        ctx.addIssue({ code: 'custom', message: messages.required, path: [field] });
    }
  });
