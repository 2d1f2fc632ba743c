import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CustomAlert, defaultCustomAlerts, resolveThresholds } from '../alerts/custom-alerts.rules.js';
import { wallClockToDate } from '../readings/readings.schema.js';
import type { Reading } from '../readings/readings.types.js';
import { computeListMetrics } from './list-metrics.rules.js';

const zone = 'America/Los_Angeles';
const la = (wallClock: string) => wallClockToDate(wallClock, zone)!;
const read = (wallClock: string, values: Partial<Reading> = {}): Reading => ({
  date: la(wallClock),
  source: 'withings',
  ...values,
});
const now = la('2026-06-30T12:00');
const metrics = (readings: Reading[], extra: Partial<Parameters<typeof computeListMetrics>[0]> = {}) =>
  computeListMetrics({ readings, now, timeZone: zone, month: 6, year: 2026, ...extra });

describe('computeListMetrics', () => {
  it('is null or empty without data, with compliance at 0%', () =>
    expect(metrics([])).toEqual({
      percentageReadingsOnTarget: null,
      avgSystolic: null,
      avgDiastolic: null,
      percentageReadingsCompliant: 0,
      mostRecentWeight: null,
      hasAcuteWeightGain: false,
      hasIntermediateWeightGain: false,
      numDaysWithReadings: 0,
      lastReading: null,
      lastBpReading: null,
    }));

  it('counts BP readings of the last 30 days with systolic 100-130 as on target', () => {
    const readings = [
      read('2026-06-01T08:00', { systolic: 100, diastolic: 70 }), // day 30 of 30: counted
      read('2026-05-31T08:00', { systolic: 200, diastolic: 70 }), // day 31: outside
      read('2026-06-10T08:00', { systolic: 130, diastolic: 70 }),
      read('2026-06-11T08:00', { systolic: 131, diastolic: 70 }),
      read('2026-06-12T08:00', { systolic: 99, diastolic: 70 }),
    ];
    expect(metrics(readings).percentageReadingsOnTarget).toBe(50);
  });

  it('averages the BP readings of the last 7 days (today and 6 before), rounded', () => {
    const readings = [
      read('2026-06-24T08:00', { systolic: 121, diastolic: 80 }),
      read('2026-06-30T08:00', { systolic: 130, diastolic: 85 }),
      read('2026-06-23T23:59', { systolic: 200, diastolic: 120 }), // 8th day back: outside
    ];
    expect(metrics(readings)).toMatchObject({ avgSystolic: 126, avgDiastolic: 83 });
  });

  it('counts distinct days with any reading over 16, capped at 100', () => {
    const days = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        read(`2026-06-${String(30 - i).padStart(2, '0')}T08:00`, { weight: 180 }),
      );
    expect(metrics(days(8)).percentageReadingsCompliant).toBe(50);
    expect(metrics([...days(8), ...days(8)]).percentageReadingsCompliant).toBe(50);
    expect(metrics(days(20)).percentageReadingsCompliant).toBe(100);
  });

  it('takes the latest weight within 30 days with the weight-gain flags of the patient rules', () => {
    const readings = [
      read('2026-06-23T08:00', { weight: 178 }),
      read('2026-06-28T08:00', { weight: 180 }),
      read('2026-06-29T08:00', { weight: 183.5 }),
    ];
    expect(metrics(readings)).toMatchObject({
      mostRecentWeight: 183.5,
      hasAcuteWeightGain: true,
      hasIntermediateWeightGain: true,
    });
    const relaxed = resolveThresholds(
      defaultCustomAlerts.map((a) =>
        a.key === 'weightOneDay' ? ({ ...a, values: { weightInOneCalendarDays: '4' } } as CustomAlert) : a,
      ),
    );
    expect(metrics(readings, { thresholds: relaxed }).hasAcuteWeightGain).toBe(false);
    expect(metrics([read('2026-05-30T08:00', { weight: 180 })]).mostRecentWeight).toBeNull();
  });

  it('counts the days with readings of the selected month, in Los Angeles days', () => {
    const readings = [
      read('2026-05-31T23:30', { weight: 180 }), // 06:30Z on June 1, but May in Los Angeles
      read('2026-06-01T00:30', { weight: 180 }),
      read('2026-06-01T20:00', { weight: 180 }),
      read('2026-06-15T08:00', { weight: 180 }),
    ];
    expect(metrics(readings).numDaysWithReadings).toBe(2);
    expect(metrics(readings, { month: 5 }).numDaysWithReadings).toBe(1);
  });

  it('reports the last reading and the last BP reading', () => {
    const readings = [
      read('2026-06-28T08:00', { systolic: 140, diastolic: 90 }),
      read('2026-06-29T08:00', { weight: 180 }),
      read('2026-06-27T08:00', { systolic: 150 }),
    ];
    expect(metrics(readings)).toMatchObject({
      lastReading: la('2026-06-29T08:00'),
      lastBpReading: { date: la('2026-06-28T08:00'), systolic: 140, diastolic: 90 },
    });
    expect(metrics(readings.slice(2)).lastBpReading).toEqual({
      date: la('2026-06-27T08:00'),
      systolic: 150,
      diastolic: null,
    });
  });

  it('keeps compliance within 0-100 whatever the readings', () =>
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            date: fc.date({
              min: new Date('2026-04-01T00:00:00Z'),
              max: new Date('2026-07-10T00:00:00Z'),
              noInvalidDate: true,
            }),
            weight: fc.double({ min: 50, max: 400, noNaN: true }),
            source: fc.constantFrom('MANUAL', 'withings'),
          }),
          { maxLength: 120 },
        ),
        (readings) => {
          const { percentageReadingsCompliant } = metrics(readings);
          expect(percentageReadingsCompliant).toBeGreaterThanOrEqual(0);
          expect(percentageReadingsCompliant).toBeLessThanOrEqual(100);
        },
      ),
    ));
});
