import { describe, expect, it } from 'vitest';
import {
  bpAtGoalColor,
  complianceColor,
  heartRateColor,
  meanSystolicColor,
  systolicColor,
  weightChangeColor,
  weightColor,
} from './color-bands.rules.js';

describe('list colour bands', () => {
  it.each([
    [null, null],
    [60, 'green'],
    [59, 'yellow'],
    [40, 'yellow'],
    [39, 'red'],
  ])('% BP at goal %s is %s', (value, color) => expect(bpAtGoalColor(value)).toBe(color));

  it.each([
    [undefined, null],
    [0, null],
    [1, 'red'],
    [79, 'red'],
    [80, 'yellow'],
    [99, 'yellow'],
    [100, 'green'],
    [130, 'green'],
    [131, 'yellow'],
    [160, 'yellow'],
    [161, 'red'],
  ])('mean systolic %s is %s', (value, color) => expect(meanSystolicColor(value)).toBe(color));

  it.each([
    [null, null],
    [70, 'green'],
    [69, 'yellow'],
    [50, 'yellow'],
    [49, 'red'],
  ])('% compliance %s is %s', (value, color) => expect(complianceColor(value)).toBe(color));

  it.each([
    [null, false, false, null],
    [180, true, true, 'red'],
    [180, false, true, 'yellow'],
    [180, false, false, 'green'],
  ])('weight %s (acute %s, intermediate %s) is %s', (w, acute, intermediate, color) =>
    expect(
      weightColor({
        mostRecentWeight: w,
        hasAcuteWeightGain: acute,
        hasIntermediateWeightGain: intermediate,
      }),
    ).toBe(color),
  );
});

describe('detail page colours', () => {
  it.each([
    [null, null],
    [180, 'red'],
    [179, 'yellow'],
    [131, 'yellow'],
    [130, 'green'],
    [100, 'green'],
    [99, 'yellow'],
    [90, 'yellow'],
    [89, 'red'],
  ])('systolic %s is %s', (value, color) => expect(systolicColor(value)).toBe(color));

  it.each([
    [null, null],
    [131, 'red'],
    [130, 'yellow'],
    [101, 'yellow'],
    [100, 'green'],
    [50, 'green'],
    [49, 'yellow'],
    [40, 'yellow'],
    [39, 'red'],
  ])('heart rate %s is %s', (value, color) => expect(heartRateColor(value)).toBe(color));

  it.each([
    [null, null, null],
    [2.4, 4.9, 'green'],
    [2.5, null, 'red'],
    [null, 5, 'red'],
    [-3, -6, 'green'],
  ])('weight change %s over 1 day and %s over 7 days is %s', (oneDay, sevenDays, color) =>
    expect(weightChangeColor({ oneDay, sevenDays })).toBe(color),
  );
});
