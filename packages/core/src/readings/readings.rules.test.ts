import { describe, expect, it } from 'vitest';
import {
  bpAxisMax,
  chartDateLabelFormat,
  chartReadings,
  chartReferenceBands,
  floorReading,
  weightAxis,
} from './chart.rules.js';
import { readingSummary } from './reading-summary.rules.js';
import { wallClockToDate } from './readings.schema.js';
import type { Reading } from './readings.types.js';

const la = (wallClock: string) => wallClockToDate(wallClock, 'America/Los_Angeles')!;
const read = (wallClock: string, values: Partial<Reading>): Reading => ({
  date: la(wallClock),
  source: 'withings',
  ...values,
});
const now = la('2026-06-30T12:00');

describe('readingSummary', () => {
  const readings = [
    read('2026-06-20T08:00', { systolic: 150, diastolic: 95, heartRate: 80 }),
    read('2026-06-21T08:00', { systolic: 110, diastolic: 70, heartRate: 60 }),
    read('2026-06-21T09:00', { systolic: 150, diastolic: 99 }),
    read('2026-06-22T08:00', { weight: 180 }),
    read('2026-06-28T08:00', { weight: 181 }),
    read('2026-06-29T08:00', { weight: 182.5, heartRate: 71 }),
    read('2026-06-29T07:00', { weight: 181.5 }),
    read('2026-06-01T08:00', { systolic: 250, diastolic: 120 }), // outside the 14 days
  ];

  it('sums up the range: BP and HR high, low and mean, the latest weight and its changes', () =>
    expect(readingSummary(readings, { now })).toEqual({
      bp: {
        high: { systolic: 150, diastolic: 99 },
        low: { systolic: 110, diastolic: 70 },
        mean: { systolic: 137, diastolic: 88 },
      },
      heartRate: { high: 80, low: 60, mean: 70 },
      weight: { latest: 182.5, date: la('2026-06-29T08:00'), changeOneDay: 1.5, changeSevenDays: 2.5 },
      daysTransmitted: 5,
      rangeDays: 14,
      daysTransmittedText: '5 days transmitted (out of 14 in range)',
    }));

  it('is empty without readings in range', () =>
    expect(readingSummary(readings, { now, rangeDays: 1 })).toMatchObject({
      bp: null,
      heartRate: null,
      weight: null,
      daysTransmittedText: '0 days transmitted (out of 1 in range)',
    }));

  it('has no weight change without an earlier weight, and no mean diastolic without one', () => {
    const summary = readingSummary([read('2026-06-29T08:00', { weight: 180, systolic: 120 })], {
      now,
      rangeDays: 30,
    });
    expect(summary.weight).toMatchObject({ changeOneDay: null, changeSevenDays: null });
    expect(summary.bp?.mean).toEqual({ systolic: 120, diastolic: null });
  });

  it('compares the weight with days before a short range, which count for nothing else', () => {
    // Range: the two days 06-29 and 06-30. The 06-28 and 06-22 weights lie before it.
    const summary = readingSummary(readings, { now, rangeDays: 2 });
    expect(summary.weight).toEqual({
      latest: 182.5,
      date: la('2026-06-29T08:00'),
      changeOneDay: 1.5,
      changeSevenDays: 2.5,
    });
    expect(summary.bp).toBeNull();
    expect(summary.heartRate).toEqual({ high: 71, low: 71, mean: 71 });
    expect(summary.daysTransmittedText).toBe('1 days transmitted (out of 2 in range)');
  });

  it('takes no reading after the range as its latest weight', () =>
    expect(readingSummary(readings, { now: la('2026-06-28T12:00'), rangeDays: 7 }).weight).toEqual({
      latest: 181,
      date: la('2026-06-28T08:00'),
      changeOneDay: null,
      changeSevenDays: null,
    }));
});

describe('chart helpers', () => {
  it.each([
    [[], 200],
    [[{ systolic: 180 }], 200],
    [[{ systolic: 200 }], 200],
    [[{ systolic: 201 }], 220],
    [[{ systolic: 220 }, { systolic: null }], 220],
    [[{ systolic: 241 }], 260],
  ])('the BP axis for %j ends at %i', (readings, max) => expect(bpAxisMax(readings)).toBe(max));

  it('has a weight axis of 0-300 in steps of 30 and the reference bands', () => {
    expect(weightAxis).toEqual({ min: 0, max: 300, step: 30 });
    expect(chartReferenceBands.idealSystolic).toEqual({ from: 100, to: 130 });
  });

  it.each([
    [5, 'MM/dd/yy h:mm aaa'],
    [10, 'MM/dd/yy h:mm aaa'],
    [11, 'MM/dd/yy'],
    [20, 'MM/dd/yy'],
    [21, 'MM/dd'],
  ])('labels %i readings with %s', (count, format) => expect(chartDateLabelFormat(count)).toBe(format));

  it('floors values, weight to 0.1, and sorts by date', () => {
    expect(
      floorReading(
        read('2026-06-29T08:00', { systolic: 120.9, diastolic: 80.5, heartRate: 70.99, weight: 180.36 }),
      ),
    ).toMatchObject({
      systolic: 120,
      diastolic: 80,
      heartRate: 70,
      weight: 180.3,
    });
    expect(floorReading(read('2026-06-29T08:00', { weight: 179.99999999999997 })).weight).toBe(180);
    const sorted = chartReadings([
      read('2026-06-29T08:00', { weight: 1 }),
      read('2026-06-28T08:00', { weight: 2 }),
    ]);
    expect(sorted.map((r) => r.weight)).toEqual([2, 1]);
  });
});
