import type { Reading } from './readings.types.js';

/** The blood pressure axis: 0-200 in steps of 20, extended in steps of 20 above (spec patients 9). */
export const bpAxis = { min: 0, max: 200, step: 20 } as const;
export const weightAxis = { min: 0, max: 300, step: 30 } as const;

/** Reference bands drawn behind the chart. */
export const chartReferenceBands = {
  idealSystolic: { from: 100, to: 130 },
  idealDiastolic: { from: 60, to: 80 },
  highSystolic: { from: 180 },
} as const;

/** The top of the BP axis: 200, or the next multiple of 20 at or above the highest systolic. */
export function bpAxisMax(readings: readonly Pick<Reading, 'systolic'>[]): number {
  const highest = Math.max(bpAxis.max, ...readings.map((r) => r.systolic ?? 0));
  return Math.ceil(highest / bpAxis.step) * bpAxis.step;
}

/**
 * Date label format by reading count. The spec says "MM/dd/yy above 10 readings and MM/dd above 20";
 * read literally, more than 20 readings get the short MM/dd, 11 to 20 get MM/dd/yy, and 10 or fewer
 * leave room for the time as well.
 */
export function chartDateLabelFormat(count: number): string {
  if (count > 20) return 'MM/dd';
  if (count > 10) return 'MM/dd/yy';
  return 'MM/dd/yy h:mm aaa';
}

// Weights converted from kilograms can land a hair under a tenth (179.99999999999997); the epsilon keeps 180.0.
const floorTenth = (value: number) => Math.floor(value * 10 + 1e-9) / 10;

/** A reading as the chart plots it: values floored, weight to 0.1. */
export function floorReading<R extends Reading>(reading: R): R {
  const floor = (v: number | null | undefined) => (typeof v === 'number' ? Math.floor(v) : v);
  return {
    ...reading,
    systolic: floor(reading.systolic),
    diastolic: floor(reading.diastolic),
    heartRate: floor(reading.heartRate),
    weight: typeof reading.weight === 'number' ? floorTenth(reading.weight) : reading.weight,
  };
}

/** The chart's series: sorted by date, values floored. */
export const chartReadings = <R extends Reading>(readings: readonly R[]): R[] =>
  [...readings].sort((a, b) => a.date.getTime() - b.date.getTime()).map(floorReading);
