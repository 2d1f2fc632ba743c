import { bench, describe } from 'vitest';
import { computeListMetrics, defaultThresholds, evaluateAlerts, type Reading } from '../src/index.js';

// 90 days of two BP readings and one weight a day: what one patient of the demo holds.
const now = new Date('2026-11-22T18:00:00Z');
let seed = 42;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const readings: Reading[] = [];
for (let day = 0; day < 90; day++) {
  for (const hour of [8, 20]) {
    readings.push({
      date: new Date(now.getTime() - day * 86_400_000 - hour * 3_600_000),
      systolic: Math.round(110 + random() * 90),
      diastolic: Math.round(65 + random() * 35),
      heartRate: Math.round(55 + random() * 60),
      source: 'BODYTRACE',
    });
  }
  readings.push({
    date: new Date(now.getTime() - day * 86_400_000 - 7 * 3_600_000),
    weight: 180 + random() * 6,
    source: 'BODYTRACE',
  });
}

// Targets: ingestion evaluates one patient per reading, and a list page computes 25 patients' metrics;
// each should stay under 5 ms per patient on the 2-core reference machine (measured 2026-11: about 3 ms).
describe('core rules for one patient with 90 days of readings', () => {
  bench('evaluateAlerts', () => {
    evaluateAlerts({
      readings,
      thresholds: defaultThresholds,
      diagnosis: 'CHF',
      enrolledAt: new Date('2026-01-05T00:00:00Z'),
      now,
      timeZone: 'America/Los_Angeles',
    });
  });
  bench('computeListMetrics', () => {
    computeListMetrics({ readings, now, timeZone: 'America/Los_Angeles', month: 11, year: 2026 });
  });
});
