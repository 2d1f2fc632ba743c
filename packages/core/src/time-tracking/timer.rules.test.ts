import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDuration } from '../format/text.helpers.js';
import { shouldSaveTrackedTime, timerDisplay, unclaimedSpans } from './timer.rules.js';

describe('when the timer saves', () => {
  it('saves on a manual stop above 0 seconds', () => {
    expect(shouldSaveTrackedTime(0, 'stop')).toBe(false);
    expect(shouldSaveTrackedTime(0.9, 'stop')).toBe(false);
    expect(shouldSaveTrackedTime(1, 'stop')).toBe(true);
  });

  it('saves on leaving only above 3 seconds', () => {
    expect(shouldSaveTrackedTime(3, 'leave')).toBe(false);
    expect(shouldSaveTrackedTime(3.9, 'leave')).toBe(false);
    expect(shouldSaveTrackedTime(4, 'leave')).toBe(true);
  });
});

describe('the timer as shown', () => {
  it("shows 'None' at zero and hh:mm:ss otherwise", () => {
    expect(timerDisplay(0)).toBe('None');
    expect(timerDisplay(1)).toBe('00:00:01');
    expect(timerDisplay(3 * 3600 + 25 * 60 + 7)).toBe('03:25:07');
  });

  it('keeps counting hours past a day', () => {
    expect(formatDuration(100 * 3600 + 59)).toBe('100:00:59');
    expect(formatDuration(-5)).toBe('00:00:00');
  });
});

describe('the seconds a timer save keeps', () => {
  const min = 60_000;
  const span = (from: number, to: number) => ({ from: from * min, to: to * min });
  const seconds = (spans: readonly { from: number; to: number }[]) =>
    spans.reduce((sum, s) => sum + (s.to - s.from) / 1000, 0);

  it('keeps a long run less the seconds a short save in another tab counted inside it, as two parts', () => {
    expect(unclaimedSpans(span(0, 20), [span(19, 19.5)])).toEqual([span(0, 19), span(19.5, 20)]);
  });

  it('keeps nothing of a span counted already, and what lies outside the counted spans', () => {
    expect(unclaimedSpans(span(0, 10), [span(0, 10)])).toEqual([]);
    expect(unclaimedSpans(span(0, 10), [span(-5, 2), span(1, 3), span(8, 30)])).toEqual([span(3, 8)]);
    expect(unclaimedSpans(span(5, 5), [])).toEqual([]);
  });

  it('cuts each part to whole seconds from its end', () =>
    expect(unclaimedSpans({ from: 0, to: 10_500 }, [{ from: 2_200, to: 4_000 }])).toEqual([
      { from: 200, to: 2_200 },
      { from: 4_500, to: 10_500 },
    ]));

  it('never lets a user’s saves add up to more than the time that passed', () =>
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ at: fc.integer({ min: 1, max: 600 }), asked: fc.integer({ min: 0, max: 900 }) }),
          {
            maxLength: 12,
          },
        ),
        (saves) => {
          const counted: { from: number; to: number }[] = [];
          for (const { at, asked } of [...saves].sort((a, b) => a.at - b.at)) {
            const to = at * 1000;
            const kept = unclaimedSpans({ from: Math.max(0, to - asked * 1000), to }, counted);
            expect(seconds(kept)).toBeLessThanOrEqual(asked);
            counted.push(...kept);
          }
          expect(seconds(counted)).toBeLessThanOrEqual(600);
          const sorted = [...counted].sort((a, b) => a.from - b.from);
          for (let i = 1; i < sorted.length; i++)
            expect(sorted[i]!.from).toBeGreaterThanOrEqual(sorted[i - 1]!.to);
        },
      ),
    ));
});
