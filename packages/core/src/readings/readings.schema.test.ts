import { describe, expect, it } from 'vitest';
import { detailPageErrors, messages } from '../messages.js';
import { defaultGraphFilterData } from '../patients/patient-details.js';
import {
  GraphFilterDataRequest,
  manualReadingForm,
  manualReadingsRequest,
  ReadingsEntry,
  ReadingsRangeRequest,
  readingsAddedToast,
  wallClockToDate,
} from './readings.schema.js';

const now = new Date('2026-06-30T19:00:00Z'); // 12:00 in Los Angeles
const form = manualReadingForm(() => now);
const at = { date: '2026-06-30T08:15', timezone: 'America/Los_Angeles' };
const errors = (input: unknown) =>
  Object.fromEntries((form.safeParse(input).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('manual reading form', () => {
  it('turns each group entered into a reading at the chosen zone', () => {
    const date = new Date('2026-06-30T15:15:00Z');
    expect(form.parse({ ...at, systolic: '128', diastolic: '82', heartRate: '71', weight: '180.4' })).toEqual(
      {
        readings: [
          { date, timezone: 'America/Los_Angeles', systolic: 128, diastolic: 82 },
          { date, timezone: 'America/Los_Angeles', heartRate: 71 },
          { date, timezone: 'America/Los_Angeles', weight: 180.4 },
        ],
      },
    );
  });

  it('interprets the time in the chosen zone', () =>
    expect(
      form.parse({ date: '2026-06-30T08:15', timezone: 'America/New_York', weight: 180 }).readings[0]?.date,
    ).toEqual(new Date('2026-06-30T12:15:00Z')));

  it('validates blood pressure only when either value is entered, and every error at once', () => {
    expect(errors({ ...at, weight: '180' })).toEqual({});
    expect(errors({ ...at, systolic: 'abc', heartRate: 'x', weight: '2000' })).toEqual({
      systolic: messages.mustBeNumber,
      diastolic: messages.diastolicRequired,
      heartRate: messages.mustBeNumber,
      weight: messages.outOfRange,
    });
  });

  it('refuses a diastolic at or above the systolic: the two numbers swapped', () => {
    expect(errors({ ...at, systolic: '80', diastolic: '120' })).toEqual({
      diastolic: messages.diastolicNotBelowSystolic,
    });
    expect(errors({ ...at, systolic: '121', diastolic: '120' })).toEqual({});
  });

  it('requires a date, a known zone and at least one value', () => {
    expect(errors({ date: '', timezone: 'Mars/Base' })).toEqual({
      date: messages.dateRequired,
      timezone: messages.required,
      root: messages.readingValueRequired,
    });
    expect(errors({ date: '06/30/2026', timezone: 'America/Los_Angeles', weight: 180 })).toEqual({
      date: messages.invalidDate,
    });
  });

  it('accepts a reading at now and refuses one a minute later', () => {
    expect(errors({ ...at, date: '2026-06-30T12:00', weight: 180 })).toEqual({});
    expect(errors({ ...at, date: '2026-06-30T12:01', weight: 180 })).toEqual({
      date: messages.readingInFuture,
    });
  });

  it('counts readings in the toast', () => {
    expect(readingsAddedToast(1)).toBe('One reading added.');
    expect(readingsAddedToast(3)).toBe('Three readings added.');
  });

  it('refuses wall-clock dates that do not exist', () => {
    expect(wallClockToDate('2026-02-30T08:00', 'America/Los_Angeles')).toBeNull();
    // A year typed in two digits (the date input shows 0026) is no year of the last century.
    expect(wallClockToDate('0026-11-24T09:30', 'America/Los_Angeles')).toBeNull();
    expect(wallClockToDate('0001-01-01T00:00', 'America/Los_Angeles')).toBeNull();
    expect(wallClockToDate('2026-02-28 08:00:30', 'America/Los_Angeles')).toEqual(
      new Date('2026-02-28T16:00:30Z'),
    );
  });
});

describe('manual readings request', () => {
  const request = manualReadingsRequest(() => now);
  const base = { date: '2026-06-30T15:00:00Z', timezone: 'America/Los_Angeles' };

  it('accepts readings and allows a few minutes of clock skew', () => {
    expect(
      request.safeParse({
        readings: [
          { ...base, systolic: 120, diastolic: 80 },
          { ...base, weight: 180 },
        ],
      }).success,
    ).toBe(true);
    expect(
      request.safeParse({ readings: [{ ...base, date: '2026-06-30T19:04:00Z', weight: 180 }] }).success,
    ).toBe(true);
  });

  it.each([
    [{ ...base, date: '2026-06-30T20:00:00Z', weight: 180 }, messages.readingInFuture],
    [{ ...base, systolic: 120 }, messages.diastolicRequired],
    [{ ...base, diastolic: 80 }, messages.systolicRequired],
    [{ ...base }, messages.readingValueRequired],
    [{ ...base, weight: 0 }, messages.outOfRange],
    [{ ...base, systolic: 80, diastolic: 120 }, messages.diastolicNotBelowSystolic],
    [{ ...base, systolic: 90, diastolic: 90 }, messages.diastolicNotBelowSystolic],
  ])('refuses %o', (reading, message) =>
    expect(request.safeParse({ readings: [reading] }).error?.issues.map((i) => i.message)).toContain(message),
  );
});

describe('readings range and entries', () => {
  it('requires the values of an entry once flagged as edited', () => {
    expect(ReadingsEntry.safeParse({ edited: false }).success).toBe(true);
    const issues = ReadingsEntry.safeParse({ edited: true, systolic: '120', diastolic: ' ', weight: 180 })
      .error?.issues;
    expect(issues?.map((i) => [i.path[0], i.message])).toEqual([
      ['diastolic', messages.required],
      ['heartRate', messages.required],
      ['time', messages.required],
      ['timezone', messages.required],
    ]);
  });
});

describe('readings range request and graph filter data', () => {
  const issues = (
    schema: { safeParse(v: unknown): { error?: { issues: { message: string }[] } } },
    v: unknown,
  ) => schema.safeParse(v).error?.issues.map((i) => i.message) ?? [];

  it('reads two instants, the start before the end, at most 400 days apart', () => {
    expect(
      ReadingsRangeRequest.parse({ start: '2026-06-01T00:00:00Z', end: '2026-06-15T07:00:00-07:00' }),
    ).toEqual({
      start: new Date('2026-06-01T00:00:00Z'),
      end: new Date('2026-06-15T14:00:00Z'),
    });
    expect(issues(ReadingsRangeRequest, { start: '2026-06-01', end: '2026-06-15' })).toContain(
      detailPageErrors.instantRequired,
    );
    expect(
      issues(ReadingsRangeRequest, { start: '2026-06-01T00:00:00Z', end: '2026-06-01T00:00:00Z' }),
    ).toEqual([detailPageErrors.readingsRangeOrder]);
    expect(
      issues(ReadingsRangeRequest, { start: '2025-01-01T00:00:00Z', end: '2026-02-05T01:00:01Z' }),
    ).toEqual([detailPageErrors.readingsRangeTooLong]);
    // 400 Pacific days holding two fall-backs of the clocks and one spring-forward: 400 days and an hour.
    expect(
      ReadingsRangeRequest.safeParse({ start: '2025-10-30T07:00:00Z', end: '2026-12-04T08:00:00Z' }).success,
    ).toBe(true);
  });

  it('needs both ends of a custom range, in order', () => {
    const custom = { ...defaultGraphFilterData, dateRange: 'custom' as const };
    expect(GraphFilterDataRequest.safeParse(defaultGraphFilterData).success).toBe(true);
    expect(issues(GraphFilterDataRequest, custom)).toEqual([messages.required, messages.required]);
    expect(
      issues(GraphFilterDataRequest, { ...custom, startDate: '2026-06-02', endDate: '2026-06-01' }),
    ).toEqual([messages.dateRangeOrder]);
    expect(
      GraphFilterDataRequest.safeParse({ ...custom, startDate: '2026-06-01', endDate: '2026-06-01' }).success,
    ).toBe(true);
    // At most the 400 days the readings call answers, both ends included.
    expect(
      GraphFilterDataRequest.safeParse({ ...custom, startDate: '2025-10-30', endDate: '2026-12-03' }).success,
    ).toBe(true);
    expect(
      issues(GraphFilterDataRequest, { ...custom, startDate: '2025-10-30', endDate: '2026-12-04' }),
    ).toEqual([detailPageErrors.readingsRangeTooLong]);
  });

  it('takes a manual reading date as an ISO string only', () => {
    const request = manualReadingsRequest(() => now);
    const dateIssues = (date: unknown) =>
      issues(request, { readings: [{ date, timezone: 'America/Los_Angeles', weight: 180 }] });
    expect(dateIssues(null)).toContain(messages.dateRequired);
    // Not read as 1970: a value of the wrong kind is told what was expected (decision 0019).
    expect(dateIssues(0)).toContain('Invalid input: expected string, received number');
    expect(dateIssues(true)).toContain('Invalid input: expected string, received boolean');
  });
});
