import { describe, expect, it } from 'vitest';
import { formatDuration } from '../format/text.helpers.js';
import { shouldSaveTrackedTime, timerDisplay } from './timer.rules.js';

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
