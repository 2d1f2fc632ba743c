import type { ReadingView } from '@vigil/core';
import { describe, expect, it } from 'vitest';
import { usualOf, weightAt } from './usual-readings.js';

const reading = (date: string, values: Partial<ReadingView>): ReadingView => ({
  _id: date,
  date,
  timezone: null,
  type: 'DEVICE',
  source: 'BODYTRACE',
  systolic: null,
  diastolic: null,
  heartRate: null,
  weight: null,
  ...values,
});
const form = { diagnosis: 'Hypertension', medicalInfo: { weight: 190 } };

describe('what the simulator takes as usual for a patient', () => {
  it('is their own pressure and pulse, else their diagnosis', () => {
    const own = usualOf(
      [
        reading('2026-11-02T08:00:00Z', { systolic: 150, diastolic: 90, heartRate: 80 }),
        reading('2026-11-01T08:00:00Z', { systolic: 140, diastolic: 84, heartRate: 70 }),
      ],
      form,
    );
    expect(own).toMatchObject({ systolic: 145, diastolic: 87, heartRate: 75 });
    expect(usualOf([], { diagnosis: 'Hypotension', medicalInfo: {} })).toMatchObject({
      systolic: 102,
      diastolic: 64,
      weight: 180,
    });
  });

  it("weighs on the line between their weights, so a gap's reading makes no one-day gain of a slower one", () => {
    const usual = usualOf(
      [
        reading('2026-11-19T16:00:00Z', { weight: 164.7 }),
        reading('2026-11-17T16:00:00Z', { weight: 161.6 }),
      ],
      form,
    );
    const at = (iso: string) => weightAt(usual, Date.parse(iso));
    // Half-way between the two: 163.15, not the earlier 161.6 a day before the 164.7.
    expect(at('2026-11-18T16:00:00Z')).toBeCloseTo(163.15, 5);
    expect(at('2026-11-01T00:00:00Z')).toBe(161.6);
    expect(at('2026-12-01T00:00:00Z')).toBe(164.7);
    expect(weightAt(usualOf([], form), Date.parse('2026-12-01T00:00:00Z'))).toBe(190);
  });
});
