import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { BulkTimeForm, BulkTimeRequest, ManualTimeForm, TrackTimeRequest } from './time-tracking.schema.js';

describe('time tracking', () => {
  it('defaults bulk time to 30 seconds with the review note', () =>
    expect(BulkTimeForm.parse({})).toEqual({ seconds: 30, text: 'Data Reviewed for out range readings.' }));

  it.each(['', '  ', '3O', '-5', '1.5'])('refuses bulk time %j', (seconds) =>
    expect(BulkTimeForm.safeParse({ seconds }).error?.issues[0]?.message).toBe(messages.inputCannotBeEmpty),
  );

  it('refuses zero and more than a day', () => {
    expect(BulkTimeForm.safeParse({ seconds: '0' }).error?.issues[0]?.message).toBe(
      messages.timeMustBePositive,
    );
    expect(BulkTimeForm.safeParse({ seconds: '86401' }).error?.issues[0]?.message).toBe(messages.outOfRange);
  });

  it('converts hours and minutes to seconds', () =>
    expect(ManualTimeForm.parse({ hours: '1', minutes: '30' })).toBe(5400));

  it('takes at most a day, as the server does', () => {
    expect(ManualTimeForm.parse({ hours: '24', minutes: '0' })).toBe(86_400);
    expect(ManualTimeForm.safeParse({ hours: '24', minutes: '30' }).error?.issues[0]?.message).toBe(
      messages.outOfRange,
    );
  });

  it('checks the request bodies', () => {
    expect(BulkTimeRequest.safeParse({ time: 30, isbulktimetracking: true, text: '-' }).success).toBe(true);
    const timeMessage = (time: unknown) =>
      BulkTimeRequest.safeParse({ time, isbulktimetracking: true, text: '-' }).error?.issues[0]?.message;
    expect(timeMessage(undefined)).toBe(messages.inputCannotBeEmpty);
    expect(timeMessage('')).toBe(messages.inputCannotBeEmpty);
    expect(timeMessage('30')).toBe(messages.mustBeNumber);
    expect(TrackTimeRequest.safeParse({ time: 0 }).success).toBe(false);
  });
});
