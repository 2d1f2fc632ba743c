import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wallClockToDate } from '../readings/readings.schema.js';
import type { Reading } from '../readings/readings.types.js';
import { type BillingInput, billingCodes, deviceReadingDays } from './billing.rules.js';

const zone = 'America/Los_Angeles';
const la = (wallClock: string) => wallClockToDate(wallClock, zone)!;

const month: BillingInput = {
  deviceReadingDays: 0,
  trackedSeconds: 0,
  interactiveCommunication: true,
  enrolledAt: la('2026-05-10T10:00'),
  billed99453Before: true,
  month: 6,
  year: 2026,
};
const earned = (change: Partial<BillingInput>) =>
  billingCodes({ ...month, ...change }).earned.map((line) => [line.code, line.units]);
const reasonFor = (code: string, change: Partial<BillingInput>) => {
  const { earned: yes, notEarned: no } = billingCodes({ ...month, ...change });
  return [...yes, ...no].find((line) => line.code === code)?.reason;
};

describe('deviceReadingDays', () => {
  const reading = (wallClock: string, source = 'withings'): Reading => ({
    date: la(wallClock),
    source,
    weight: 180,
  });
  it('counts distinct Los Angeles days of the month with device data, ignoring manual readings', () =>
    expect(
      deviceReadingDays(
        [
          reading('2026-06-01T00:10'),
          reading('2026-06-01T23:50'),
          reading('2026-06-02T08:00', 'MANUAL'),
          reading('2026-06-03T08:00'),
          reading('2026-05-31T23:59'),
          reading('2026-07-01T00:00'),
        ],
        zone,
        6,
        2026,
      ),
    ).toBe(2));
});

describe('billingCodes: device data', () => {
  it.each([
    [1, []],
    [2, [['99445', 1]]],
    [15, [['99445', 1]]],
    [16, [['99454', 1]]],
    [30, [['99454', 1]]],
  ])('%i device days earn %j', (days, codes) => expect(earned({ deviceReadingDays: days })).toEqual(codes));

  it('explains what is missing', () => {
    expect(reasonFor('99454', { deviceReadingDays: 12 })).toBe('12 of 16 days');
    expect(reasonFor('99445', { deviceReadingDays: 1 })).toBe('1 of 2 days');
    expect(reasonFor('99445', { deviceReadingDays: 18 })).toBe('18 days: 99454 applies instead');
    expect(reasonFor('99454', { deviceReadingDays: 18 })).toBe('18 days of device data (16 or more)');
  });

  it('earns 99453 once per enrolment, in the first month with 2 device days', () => {
    expect(earned({ billed99453Before: false, deviceReadingDays: 2 })).toContainEqual(['99453', 1]);
    expect(earned({ billed99453Before: false, deviceReadingDays: 1 })).not.toContainEqual(['99453', 1]);
    expect(reasonFor('99453', { billed99453Before: false, deviceReadingDays: 1 })).toBe('1 of 2 days');
    expect(reasonFor('99453', { billed99453Before: true, deviceReadingDays: 20 })).toBe(
      'Already billed for this enrolment',
    );
  });

  it('earns nothing before the enrolment, counting its Los Angeles day', () => {
    const lateOnJune30 = la('2026-06-30T22:00'); // July 1 in UTC
    expect(earned({ enrolledAt: lateOnJune30, deviceReadingDays: 20, trackedSeconds: 1500 })).toEqual([
      ['99454', 1],
      ['99457', 1],
    ]);
    const result = billingCodes({ ...month, enrolledAt: la('2026-07-01T08:00'), deviceReadingDays: 20 });
    expect(result.earned).toEqual([]);
    expect(result.notEarned.map((l) => l.reason)).toEqual(Array(6).fill('Not enrolled in this month'));
    expect(earned({ enrolledAt: null, deviceReadingDays: 20 })).toEqual([]);
  });
});

describe('billingCodes: treatment management time', () => {
  it.each([
    [9 * 60 + 59, []],
    [10 * 60, [['99470', 1]]],
    [19 * 60 + 59, [['99470', 1]]],
    [20 * 60, [['99457', 1]]],
    [39 * 60 + 59, [['99457', 1]]],
    [
      40 * 60,
      [
        ['99457', 1],
        ['99458', 1],
      ],
    ],
    [
      60 * 60,
      [
        ['99457', 1],
        ['99458', 2],
      ],
    ],
    [
      200 * 60,
      [
        ['99457', 1],
        ['99458', 2],
      ],
    ],
  ])('%i seconds earn %j', (seconds, codes) => expect(earned({ trackedSeconds: seconds })).toEqual(codes));

  it('explains what is missing', () => {
    expect(reasonFor('99457', { trackedSeconds: 15 * 60 })).toBe('15 of 20 minutes');
    expect(reasonFor('99470', { trackedSeconds: 5 * 60 })).toBe('5 of 10 minutes');
    expect(reasonFor('99458', { trackedSeconds: 25 * 60 })).toBe('25 of 40 minutes');
    expect(reasonFor('99470', { trackedSeconds: 25 * 60 })).toBe('25 minutes: 99457 applies instead');
    expect(reasonFor('99458', { trackedSeconds: 60 * 60 })).toBe(
      '2 units, one per further full 20 minutes (60 minutes)',
    );
  });

  it('needs an interactive communication in the month', () => {
    expect(earned({ trackedSeconds: 45 * 60, interactiveCommunication: false })).toEqual([]);
    expect(reasonFor('99457', { trackedSeconds: 60, interactiveCommunication: false })).toBe(
      'No interactive communication with the patient this month (1 minute tracked)',
    );
  });
});

describe('billingCodes: what is missing', () => {
  const missing = (change: Partial<BillingInput>) =>
    Object.fromEntries(
      billingCodes({ ...month, ...change }).notEarned.map((l) => [l.code, l.missing ?? null]),
    );

  it('says what each code lacks, and nothing for a code another one replaces or that was billed', () => {
    expect(missing({ deviceReadingDays: 11, trackedSeconds: 14 * 60 })).toEqual({
      '99453': null,
      '99454': '11 of 16 days',
      '99457': '14 of 20 minutes',
      '99458': '14 of 40 minutes',
    });
    expect(missing({ deviceReadingDays: 1, trackedSeconds: 5 * 60, billed99453Before: false })).toEqual({
      '99453': '1 of 2 days',
      '99454': '1 of 16 days',
      '99445': '1 of 2 days',
      '99457': '5 of 20 minutes',
      '99458': '5 of 40 minutes',
      '99470': '5 of 10 minutes',
    });
    expect(missing({ deviceReadingDays: 20, trackedSeconds: 25 * 60 })).toEqual({
      '99453': null,
      '99445': null,
      '99458': '25 of 40 minutes',
      '99470': null,
    });
  });

  it('names the missing call and the missing enrolment', () => {
    expect(
      missing({ deviceReadingDays: 20, trackedSeconds: 45 * 60, interactiveCommunication: false }),
    ).toMatchObject({
      '99457': 'no completed call',
      '99458': 'no completed call',
      '99470': 'no completed call',
    });
    expect(Object.values(missing({ enrolledAt: null }))).toEqual(Array(6).fill('not enrolled this month'));
  });
});

describe('billingCodes: properties', () => {
  it('never earns 99454 with 99445, nor 99457 with 99470', () =>
    fc.assert(
      fc.property(
        fc.record({
          deviceReadingDays: fc.integer({ min: 0, max: 31 }),
          trackedSeconds: fc.integer({ min: 0, max: 20_000 }),
          interactiveCommunication: fc.boolean(),
          billed99453Before: fc.boolean(),
          enrolledAt: fc.option(
            fc.date({ min: new Date('2025-01-01'), max: new Date('2027-01-01'), noInvalidDate: true }),
            {
              nil: null,
            },
          ),
        }),
        (input) => {
          const codes = billingCodes({ ...month, ...input }).earned.map((l) => l.code);
          expect(codes.includes('99454') && codes.includes('99445')).toBe(false);
          expect(codes.includes('99457') && codes.includes('99470')).toBe(false);
          expect(new Set(codes).size).toBe(codes.length);
        },
      ),
    ));
});
