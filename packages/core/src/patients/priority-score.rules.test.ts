import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alertCategories } from '../alerts/alerts.constants.js';
import { priorityScore } from './priority-score.rules.js';

const base = { activeAlerts: [], daysSinceLastReading: 0, highPriority: false, active: true, enrolled: true };

describe('priorityScore: lower is listed first', () => {
  it.each([
    ['no alerts', [], 30_000],
    ['an adherence alert', [{ category: 'AdherenceCoaching' }], 25_000 - 100],
    ['an SMS alert', [{ category: 'SMS' }], 20_000 - 100],
    ['a manual and an SMS alert', [{ category: 'SMS' }, { category: 'Manual' }], 15_000 - 200],
    ['a clinical alert', [{ category: 'Clinical' }], 10_000 - 100],
  ] as const)('bands by the most urgent active category: %s', (_, activeAlerts, score) =>
    expect(priorityScore({ ...base, activeAlerts: [...activeAlerts] })).toBe(score),
  );

  it('subtracts 100 per active alert, for at most 99 alerts', () => {
    const alerts = (n: number) => Array.from({ length: n }, () => ({ category: 'Clinical' as const }));
    expect(priorityScore({ ...base, activeAlerts: alerts(99) })).toBe(10_000 - 9_900);
    expect(priorityScore({ ...base, activeAlerts: alerts(150) })).toBe(10_000 - 9_900);
  });

  it.each([
    [12, 30_000 - 12],
    [99, 30_000 - 99],
    [400, 30_000 - 99],
    [null, 30_000 - 99],
    [-3, 30_000],
  ])('subtracts the days since the last reading (%s), at most 99', (days, score) =>
    expect(priorityScore({ ...base, daysSinceLastReading: days })).toBe(score),
  );

  it('subtracts 5000 for high priority and adds 40000 when inactive or not enrolled', () => {
    expect(priorityScore({ ...base, highPriority: true })).toBe(25_000);
    expect(priorityScore({ ...base, active: false })).toBe(70_000);
    expect(priorityScore({ ...base, enrolled: false })).toBe(70_000);
  });

  it('puts every inactive patient above every active one', () => {
    const patient = (active: boolean, enrolled: boolean) =>
      fc.record({
        activeAlerts: fc.array(fc.record({ category: fc.constantFrom(...alertCategories) }), {
          maxLength: 150,
        }),
        daysSinceLastReading: fc.option(fc.integer({ min: -10, max: 1000 }), { nil: null }),
        highPriority: fc.boolean(),
        active: fc.constant(active),
        enrolled: fc.constant(enrolled),
      });
    const inactive = fc.oneof(patient(false, true), patient(true, false), patient(false, false));
    fc.assert(
      fc.property(patient(true, true), inactive, (a, b) => {
        expect(priorityScore(b)).toBeGreaterThan(priorityScore(a));
      }),
    );
  });
});
