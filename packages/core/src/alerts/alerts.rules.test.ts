import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wallClockToDate } from '../readings/readings.schema.js';
import type { Reading } from '../readings/readings.types.js';
import {
  type AlertFinding,
  evaluateAlerts,
  evaluateStoredReading,
  measuresRule,
  mergeFinding,
  readingRuleSpan,
  type StoredAlert,
} from './alerts.rules.js';
import {
  type CustomAlert,
  defaultCustomAlerts,
  defaultThresholds,
  resolveThresholds,
  type Thresholds,
} from './custom-alerts.rules.js';

const zone = 'America/Los_Angeles';
/** A wall-clock time in Los Angeles. */
const la = (wallClock: string) => wallClockToDate(wallClock, zone)!;
const read = (wallClock: string, values: Partial<Reading> = {}): Reading => ({
  date: la(wallClock),
  source: 'withings',
  ...values,
});

const evaluate = (
  readings: Reading[],
  options: {
    thresholds?: Thresholds;
    diagnosis?: string;
    enrolledAt?: Date | null;
    lastArrivalAt?: Date;
    now?: Date;
  } = {},
) =>
  evaluateAlerts({
    readings,
    thresholds: options.thresholds ?? defaultThresholds,
    diagnosis: options.diagnosis ?? 'Hypertension',
    enrolledAt: options.enrolledAt ?? null,
    lastArrivalAt: options.lastArrivalAt ?? null,
    now: options.now ?? la('2026-06-30T12:00'),
    timeZone: zone,
  });
const types = (findings: AlertFinding[]) => findings.map((f) => f.type);
const fires = (type: AlertFinding['type'], ...args: Parameters<typeof evaluate>) =>
  types(evaluate(...args)).includes(type);

const withEntry = (key: CustomAlert['key'], change: Partial<CustomAlert>): CustomAlert[] =>
  defaultCustomAlerts.map((a) => (a.key === key ? ({ ...a, ...change } as CustomAlert) : a));
const off = (key: CustomAlert['key']) => resolveThresholds(withEntry(key, { status: 'off' }));

describe('BPHighSingle: systolic >= 200 or diastolic >= 100 (defaults)', () => {
  it.each([
    [199, 80, false],
    [200, 80, true],
    [201, 80, true],
    [150, 99, false],
    [150, 100, true],
    [150, 101, true],
  ])('systolic %i, diastolic %i fires: %s', (systolic, diastolic, expected) =>
    expect(fires('BPHighSingle', [read('2026-06-29T08:00', { systolic, diastolic })])).toBe(expected),
  );

  it('fires on a diastolic alone, with no systolic', () =>
    expect(fires('BPHighSingle', [read('2026-06-29T08:00', { diastolic: 110 })])).toBe(true));

  it('never fires when turned off', () =>
    expect(
      fires('BPHighSingle', [read('2026-06-29T08:00', { systolic: 250, diastolic: 130 })], {
        thresholds: off('highReading'),
      }),
    ).toBe(false));

  it('carries the date of the latest reading that satisfies it', () => {
    const [finding] = evaluate([
      read('2026-06-20T08:00', { systolic: 210, diastolic: 90 }),
      read('2026-06-25T08:00', { systolic: 205, diastolic: 90 }),
      read('2026-06-28T08:00', { systolic: 120, diastolic: 80 }),
    ]);
    expect(finding).toEqual({
      type: 'BPHighSingle',
      category: 'Clinical',
      readingDate: la('2026-06-25T08:00'),
    });
  });
});

describe('BPHighTwoDaysInWeek: systolic >= 190 on 2 distinct days of the 7 ending on the reading day', () => {
  it.each([
    ['two days at 190', 190, '2026-06-22T08:00', '2026-06-23T08:00', true],
    ['two days at 189', 189, '2026-06-22T08:00', '2026-06-23T08:00', false],
    ['two days at 191', 191, '2026-06-22T08:00', '2026-06-23T08:00', true],
    ['twice on one day', 195, '2026-06-22T08:00', '2026-06-22T20:00', false],
    ['6 days apart (same week)', 195, '2026-06-16T08:00', '2026-06-22T08:00', true],
    ['7 days apart (not the same week)', 195, '2026-06-15T08:00', '2026-06-22T08:00', false],
  ])('%s', (_, systolic, first, second, expected) =>
    expect(
      fires('BPHighTwoDaysInWeek', [
        read(first, { systolic, diastolic: 80 }),
        read(second, { systolic, diastolic: 80 }),
      ]),
    ).toBe(expected),
  );

  it('counts Los Angeles days, not UTC days: 23:30 and 00:30 across midnight of the DST change (2026-03-08)', () => {
    const evening = read('2026-03-07T23:30', { systolic: 195 });
    const night = read('2026-03-08T00:30', { systolic: 195 });
    // Both instants fall on 2026-03-08 in UTC, but on two calendar days in Los Angeles.
    expect(evening.date.toISOString().slice(0, 10)).toBe(night.date.toISOString().slice(0, 10));
    expect(fires('BPHighTwoDaysInWeek', [evening, night], { now: la('2026-03-09T12:00') })).toBe(true);
  });

  it('counts one day for 00:30 and 23:30 of 2026-11-01, the 25-hour day, though UTC sees two', () => {
    const early = read('2026-11-01T00:30', { systolic: 195 });
    const late = read('2026-11-01T23:30', { systolic: 195 });
    expect(early.date.toISOString().slice(0, 10)).not.toBe(late.date.toISOString().slice(0, 10));
    expect(fires('BPHighTwoDaysInWeek', [early, late], { now: la('2026-11-02T12:00') })).toBe(false);
  });

  it('never fires when turned off', () =>
    expect(
      fires(
        'BPHighTwoDaysInWeek',
        [read('2026-06-22T08:00', { systolic: 195 }), read('2026-06-23T08:00', { systolic: 195 })],
        { thresholds: off('secondReading') },
      ),
    ).toBe(false));
});

describe('BPHighThreeDaysInWeek: systolic >= 180 on 3 distinct days of the week', () => {
  const days = ['2026-06-20T08:00', '2026-06-22T08:00', '2026-06-26T08:00'];
  it.each([
    [179, false],
    [180, true],
    [181, true],
  ])('three days at %i fires: %s', (systolic, expected) =>
    expect(
      fires(
        'BPHighThreeDaysInWeek',
        days.map((d) => read(d, { systolic })),
      ),
    ).toBe(expected),
  );

  it('does not fire on 3 days spread over more than a week', () =>
    expect(
      fires(
        'BPHighThreeDaysInWeek',
        ['2026-06-19T08:00', '2026-06-22T08:00', '2026-06-26T08:00'].map((d) => read(d, { systolic: 185 })),
      ),
    ).toBe(false));

  it('does not fire on 2 days', () =>
    expect(
      fires(
        'BPHighThreeDaysInWeek',
        days.slice(1).map((d) => read(d, { systolic: 185 })),
      ),
    ).toBe(false));

  it('never fires when turned off', () =>
    expect(
      fires(
        'BPHighThreeDaysInWeek',
        days.map((d) => read(d, { systolic: 185 })),
        { thresholds: off('thirdReading') },
      ),
    ).toBe(false));
});

describe('BPLow, HeartRateLow, HeartRateHigh: strictly beyond the threshold', () => {
  it.each([
    ['BPLow', { systolic: 89 }, true],
    ['BPLow', { systolic: 90 }, false],
    ['BPLow', { systolic: 91 }, false],
    ['HeartRateLow', { heartRate: 39 }, true],
    ['HeartRateLow', { heartRate: 40 }, false],
    ['HeartRateLow', { heartRate: 41 }, false],
    ['HeartRateHigh', { heartRate: 119 }, false],
    ['HeartRateHigh', { heartRate: 120 }, false],
    ['HeartRateHigh', { heartRate: 121 }, true],
  ] as const)('%s with %o fires: %s', (type, values, expected) =>
    expect(fires(type, [read('2026-06-29T08:00', values)])).toBe(expected),
  );

  it.each([
    ['BPLow', 'lowBP', { systolic: 70 }],
    ['HeartRateLow', 'lowHR', { heartRate: 30 }],
    ['HeartRateHigh', 'highHR', { heartRate: 150 }],
  ] as const)('%s never fires when turned off', (type, key, values) =>
    expect(fires(type, [read('2026-06-29T08:00', values)], { thresholds: off(key) })).toBe(false),
  );
});

describe('WeightThreePoundsIn1Day: weight >= the previous day last weight + 3', () => {
  const yesterday = [read('2026-06-28T07:00', { weight: 176 }), read('2026-06-28T21:00', { weight: 180 })];
  it.each([
    [182.9, false],
    [183, true],
    [183.2, true],
  ])('180 yesterday evening, %d today fires: %s', (weight, expected) =>
    expect(fires('WeightThreePoundsIn1Day', [...yesterday, read('2026-06-29T07:00', { weight })])).toBe(
      expected,
    ),
  );

  it('compares with the previous calendar day only, not an older one', () =>
    expect(
      fires('WeightThreePoundsIn1Day', [
        read('2026-06-27T07:00', { weight: 180 }),
        read('2026-06-29T07:00', { weight: 185 }),
      ]),
    ).toBe(false));

  it('takes the previous Los Angeles day across the spring-forward night', () =>
    expect(
      fires(
        'WeightThreePoundsIn1Day',
        [read('2026-03-07T23:30', { weight: 180 }), read('2026-03-08T03:30', { weight: 183 })],
        { now: la('2026-03-08T12:00') },
      ),
    ).toBe(true));

  it('never fires when turned off', () =>
    expect(
      fires('WeightThreePoundsIn1Day', [...yesterday, read('2026-06-29T07:00', { weight: 190 })], {
        thresholds: off('weightOneDay'),
      }),
    ).toBe(false));
});

describe('WeightTwoPoundsIn1Day: CHF only, a gain of 2 or more and below the 1-day threshold', () => {
  const gain = (weight: number) => [
    read('2026-06-28T07:00', { weight: 180 }),
    read('2026-06-29T07:00', { weight }),
  ];
  it.each([
    [181.9, 'CHF', false],
    [182, 'CHF', true],
    [182.9, 'CHF', true],
    [183, 'CHF', false],
    [182.5, 'Hypertension', false],
  ])('a gain to %d for %s fires: %s', (weight, diagnosis, expected) =>
    expect(fires('WeightTwoPoundsIn1Day', gain(weight), { diagnosis })).toBe(expected),
  );

  it('leaves a 3 lb gain to WeightThreePoundsIn1Day', () =>
    expect(types(evaluate(gain(183), { diagnosis: 'CHF' }))).toEqual(['WeightThreePoundsIn1Day']));

  it('follows the status of the 1-day weight setting', () =>
    expect(
      fires('WeightTwoPoundsIn1Day', gain(182), { diagnosis: 'CHF', thresholds: off('weightOneDay') }),
    ).toBe(false));
});

describe('WeightFivePoundsInWeek: weight >= the lowest weight of the 6 days before + 5', () => {
  const week = [
    read('2026-06-23T07:00', { weight: 181 }),
    read('2026-06-25T07:00', { weight: 180 }),
    read('2026-06-28T07:00', { weight: 183 }),
  ];
  it.each([
    [184.9, false],
    [185, true],
    [185.1, true],
  ])('lowest 180 this week, %d today fires: %s', (weight, expected) =>
    expect(fires('WeightFivePoundsInWeek', [...week, read('2026-06-29T07:00', { weight })])).toBe(expected),
  );

  it('ignores a weight 7 days before', () =>
    expect(
      fires('WeightFivePoundsInWeek', [
        read('2026-06-22T07:00', { weight: 170 }),
        read('2026-06-29T07:00', { weight: 180 }),
      ]),
    ).toBe(false));

  it('never fires when turned off', () =>
    expect(
      fires('WeightFivePoundsInWeek', [...week, read('2026-06-29T07:00', { weight: 195 })], {
        thresholds: off('weightSevenDays'),
      }),
    ).toBe(false));
});

describe('Adherence: no reading for N whole days before today', () => {
  const now = la('2026-06-30T12:00');
  const enrolled = (wallClock: string) => ({ enrolledAt: la(wallClock), now });

  it.each([
    ['last reading yesterday', '2026-06-29T08:00', false],
    ['last reading 2 days ago (yesterday empty)', '2026-06-28T08:00', true],
  ])('a new patient (enrolled 5 days): %s fires: %s', (_, last, expected) =>
    expect(
      fires(
        'AdherenceNewPatientNoReadingForOneDay',
        [read(last, { weight: 180 })],
        enrolled('2026-06-25T10:00'),
      ),
    ).toBe(expected),
  );

  it.each([
    ['5 days ago (4 empty days)', '2026-06-25T08:00', false],
    ['6 days ago (5 empty days)', '2026-06-24T08:00', true],
    ['7 days ago', '2026-06-23T08:00', true],
  ])('an established patient: last reading %s fires: %s', (_, last, expected) =>
    expect(
      fires(
        'AdherenceEstablishedPatientNoReadingForFiveDays',
        [read(last, { weight: 180 })],
        enrolled('2026-05-01T10:00'),
      ),
    ).toBe(expected),
  );

  it.each([
    ['11 days', '2026-06-19T10:00', 'AdherenceNewPatientNoReadingForOneDay'],
    ['12 days', '2026-06-18T10:00', 'AdherenceEstablishedPatientNoReadingForFiveDays'],
  ])('enrolled %s ago with no reading at all is under %s', (_, enrolledAt, type) =>
    expect(types(evaluate([], enrolled(enrolledAt)))).toEqual([type]),
  );

  it('reads the longer-enrolled rule its own enrolment setting (fiveAdherence)', () => {
    const thresholds = resolveThresholds(
      withEntry('adherenceEstablished', {
        values: { fiveAdherence: '20', fiveCalendar: '5' },
      } as Partial<CustomAlert>),
    );
    expect(types(evaluate([], { ...enrolled('2026-06-15T10:00'), thresholds }))).toEqual([]);
    expect(types(evaluate([], { ...enrolled('2026-06-10T10:00'), thresholds }))).toEqual([
      'AdherenceEstablishedPatientNoReadingForFiveDays',
    ]);
  });

  it('counts whole Los Angeles days across the fall-back change (2026-11-01 lasts 25 hours)', () => {
    const readings = [read('2026-11-01T00:30', { weight: 180 })];
    const options = { enrolledAt: la('2026-10-28T10:00') };
    expect(types(evaluate(readings, { ...options, now: la('2026-11-02T23:30') }))).toEqual([]);
    expect(types(evaluate(readings, { ...options, now: la('2026-11-03T00:30') }))).toEqual([
      'AdherenceNewPatientNoReadingForOneDay',
    ]);
  });

  it('counts the enrolment day as a day with a reading', () =>
    expect(evaluate([], enrolled('2026-06-29T10:00'))).toEqual([]));

  it('carries now as its reading date, and when the lapse began: the enrolment, or the last reading after it', () => {
    expect(evaluate([], enrolled('2026-06-20T10:00'))).toEqual([
      {
        type: 'AdherenceNewPatientNoReadingForOneDay',
        category: 'AdherenceCoaching',
        readingDate: now,
        lapseSince: la('2026-06-20T10:00'),
      },
    ]);
    expect(
      evaluate([read('2026-06-21T07:00', { weight: 180 })], enrolled('2026-06-20T10:00'))[0],
    ).toMatchObject({
      readingDate: now,
      lapseSince: la('2026-06-21T07:00'),
    });
    // A reading taken on the 21st that arrived on the 22nd ends the lapse on its arrival.
    const late = { ...enrolled('2026-06-20T10:00'), lastArrivalAt: la('2026-06-22T09:00') };
    expect(evaluate([read('2026-06-21T07:00', { weight: 180 })], late)[0]).toMatchObject({
      lapseSince: la('2026-06-22T09:00'),
    });
  });

  it('raises nothing for a patient who is not enrolled', () =>
    expect(evaluate([], { enrolledAt: null, now })).toEqual([]));

  it('never fires when turned off', () => {
    expect(evaluate([], { ...enrolled('2026-06-20T10:00'), thresholds: off('adherenceNew') })).toEqual([]);
    expect(
      evaluate([], { ...enrolled('2026-05-01T10:00'), thresholds: off('adherenceEstablished') }),
    ).toEqual([]);
  });
});

describe('per-patient overrides', () => {
  const clinic = withEntry('lowHR', { values: { lowHR: '50' } });
  const patient = [{ ...defaultCustomAlerts[6]!, values: { lowHR: '45' } } as CustomAlert];

  it.each([
    ['the default', undefined, undefined, 39],
    ['the clinic over the default', clinic, undefined, 49],
    ['the patient over the clinic', clinic, patient, 44],
  ])('a heart rate just below %s fires, and one at it does not', (_, clinicAlerts, patientAlerts, bpm) => {
    const thresholds = resolveThresholds(clinicAlerts, patientAlerts);
    expect(fires('HeartRateLow', [read('2026-06-29T08:00', { heartRate: bpm })], { thresholds })).toBe(true);
    expect(fires('HeartRateLow', [read('2026-06-29T08:00', { heartRate: bpm + 1 })], { thresholds })).toBe(
      false,
    );
  });

  it('takes a patient entry whole: a patient turning a rule off wins over the clinic', () => {
    const thresholds = resolveThresholds(defaultCustomAlerts, [
      { ...defaultCustomAlerts[0]!, status: 'off' } as CustomAlert,
    ]);
    expect(fires('BPHighSingle', [read('2026-06-29T08:00', { systolic: 230 })], { thresholds })).toBe(false);
  });
});

describe('properties', () => {
  const reading = fc.record({
    date: fc.date({
      min: new Date('2026-02-20T00:00:00Z'),
      max: new Date('2026-03-20T00:00:00Z'),
      noInvalidDate: true,
    }),
    systolic: fc.option(fc.integer({ min: 60, max: 240 }), { nil: undefined }),
    diastolic: fc.option(fc.integer({ min: 40, max: 130 }), { nil: undefined }),
    heartRate: fc.option(fc.integer({ min: 30, max: 150 }), { nil: undefined }),
    weight: fc.option(
      fc.integer({ min: 1700, max: 1900 }).map((w) => w / 10),
      { nil: undefined },
    ),
    source: fc.constant('withings'),
  });
  const options = { diagnosis: 'CHF', enrolledAt: la('2026-02-01T10:00'), now: la('2026-03-21T12:00') };

  it('alerts do not depend on the order of readings', () =>
    fc.assert(
      fc.property(
        fc
          .array(reading, { maxLength: 25 })
          .chain((rs) =>
            fc.tuple(
              fc.constant(rs),
              fc.shuffledSubarray(rs, { minLength: rs.length, maxLength: rs.length }),
            ),
          ),
        ([readings, shuffled]) => {
          expect(evaluate(shuffled, options)).toEqual(evaluate(readings, options));
        },
      ),
    ));

  it('adding a reading never removes a BPHighSingle finding', () =>
    fc.assert(
      fc.property(fc.array(reading, { maxLength: 20 }), reading, (readings, extra) => {
        fc.pre(fires('BPHighSingle', readings, options));
        expect(fires('BPHighSingle', [...readings, extra], options)).toBe(true);
      }),
    ));
});

describe('mergeFinding: one active or snoozed alert per type', () => {
  const finding: AlertFinding = { type: 'BPLow', category: 'Clinical', readingDate: la('2026-06-29T08:00') };
  const alert = (change: Partial<StoredAlert>): StoredAlert => ({
    id: 'a1',
    type: 'BPLow',
    category: 'Clinical',
    readingDate: la('2026-06-20T08:00'),
    snoozedUntil: null,
    dismissedAt: null,
    ...change,
  });

  it.each([
    ['an active alert', alert({})],
    ['a snoozed alert', alert({ snoozedUntil: la('2026-07-01T08:00') })],
  ])('moves the reading date of %s forward', (_, existing) =>
    expect(mergeFinding([existing], finding)).toEqual({
      action: 'update',
      alertId: 'a1',
      readingDate: finding.readingDate,
    }),
  );

  it('opens a new alert when the only one of the type was dismissed before this reading', () =>
    expect(mergeFinding([alert({ dismissedAt: la('2026-06-21T08:00') })], finding)).toEqual({
      action: 'open',
      alert: { type: 'BPLow', category: 'Clinical', readingDate: finding.readingDate, snoozedUntil: null },
    }));

  it('holds back an adherence finding of the lapse a dismissed alert was cleared in; a new lapse opens one', () => {
    const lapse = (lapseSince: Date): AlertFinding => ({
      type: 'AdherenceEstablishedPatientNoReadingForFiveDays',
      category: 'AdherenceCoaching',
      readingDate: la('2026-06-29T10:02'),
      lapseSince,
    });
    const cleared = alert({
      type: 'AdherenceEstablishedPatientNoReadingForFiveDays',
      category: 'AdherenceCoaching',
      readingDate: la('2026-06-29T08:02'),
      dismissedAt: la('2026-06-29T09:00'),
    });
    expect(mergeFinding([cleared], lapse(la('2026-06-22T07:30')))).toEqual({ action: 'none' });
    expect(mergeFinding([cleared], lapse(la('2026-06-29T09:30'))).action).toBe('open');
  });

  it('opens a new alert when there is none of the type', () =>
    expect(mergeFinding([alert({ type: 'HeartRateLow' })], finding).action).toBe('open'));

  it('does nothing for a reading a dismissed alert already covered', () =>
    expect(
      mergeFinding(
        [alert({ readingDate: finding.readingDate, dismissedAt: la('2026-06-29T09:00') })],
        finding,
      ),
    ).toEqual({ action: 'none' }));

  it('never moves an open alert back to an older reading', () =>
    expect(mergeFinding([alert({ readingDate: la('2026-06-30T08:00') })], finding)).toEqual({
      action: 'none',
    }));

  it('opens an alert at a new reading that satisfies the rule itself, though a dismissed one covers a later date', () =>
    expect(
      mergeFinding(
        [alert({ readingDate: la('2026-06-29T08:00'), dismissedAt: la('2026-06-29T09:00') })],
        finding,
        la('2026-06-27T08:00'),
      ),
    ).toEqual({
      action: 'open',
      alert: { type: 'BPLow', category: 'Clinical', readingDate: la('2026-06-27T08:00'), snoozedUntil: null },
    }));

  it('does not move an open alert onto a reading a dismissed alert covers, only onto new evidence', () => {
    const stored = [
      alert({ id: 'open', readingDate: la('2026-06-20T08:00') }),
      alert({ id: 'gone', readingDate: la('2026-06-29T08:00'), dismissedAt: la('2026-06-29T09:00') }),
    ];
    expect(mergeFinding(stored, finding)).toEqual({ action: 'none' });
    expect(mergeFinding(stored, finding, la('2026-06-24T08:00'))).toEqual({
      action: 'update',
      alertId: 'open',
      readingDate: la('2026-06-24T08:00'),
    });
  });

  it('leaves an open alert where it is for new evidence older than its reading', () =>
    expect(
      mergeFinding([alert({ readingDate: la('2026-06-30T08:00') })], finding, la('2026-06-27T08:00')),
    ).toEqual({ action: 'none' }));
});

describe('a reading just stored, judged among the readings around it', () => {
  it('spans the 7 days before its day and the 6 after, in the clinic zone', () =>
    expect(readingRuleSpan(la('2026-06-20T23:30'), zone)).toEqual({
      from: la('2026-06-13T00:00'),
      to: la('2026-06-27T00:00'),
    }));

  const judge = (readings: Reading[], reading: Reading) =>
    evaluateStoredReading(
      {
        readings,
        thresholds: defaultThresholds,
        diagnosis: 'Hypertension',
        enrolledAt: null,
        now: la('2026-06-30T12:00'),
        timeZone: zone,
      },
      reading,
    );

  it('names the types a late reading satisfies itself, beside the findings of the span', () => {
    const late = read('2026-06-20T08:00', { systolic: 215, diastolic: 90 });
    const later = read('2026-06-22T08:00', { systolic: 210, diastolic: 90 });
    const { findings, own } = judge([late, later], late);
    expect(findings.find((f) => f.type === 'BPHighSingle')!.readingDate).toEqual(later.date);
    // Two high days hold on the later reading's day, not by the readings up to the late one.
    expect(findings.find((f) => f.type === 'BPHighTwoDaysInWeek')!.readingDate).toEqual(later.date);
    expect([...own]).toEqual([['BPHighSingle', late.date]]);
  });

  it('names none for a reading that satisfies no rule, though a later one of its span does', () => {
    const late = read('2026-06-20T08:00', { systolic: 120, diastolic: 80 });
    const later = read('2026-06-22T08:00', { systolic: 210, diastolic: 90 });
    const { findings, own } = judge([late, later], late);
    expect(types(findings)).toContain('BPHighSingle');
    expect(own.size).toBe(0);
  });

  it('names none of a rule whose measure the reading lacks: a weight at the minute of a high blood pressure', () => {
    const bp = read('2026-06-20T08:00', { systolic: 205, diastolic: 90 });
    const weight = read('2026-06-20T08:00', { weight: 170 });
    const { findings, own } = judge([bp, weight], weight);
    expect(findings.find((f) => f.type === 'BPHighSingle')!.readingDate).toEqual(bp.date);
    expect(own.size).toBe(0);
    expect(judge([bp, weight], bp).own.get('BPHighSingle')).toEqual(bp.date);
    const pulse = read('2026-06-20T08:00', { heartRate: 130 });
    expect(
      (
        ['BPLow', 'HeartRateHigh', 'WeightFivePoundsInWeek', 'AdherenceNewPatientNoReadingForOneDay'] as const
      ).map((type) => [bp, pulse, weight].filter((r) => measuresRule(type, r))),
    ).toEqual([[bp], [pulse], [weight], [bp, pulse, weight]]);
  });

  it('names the types of the latest reading from the same findings', () => {
    const latest = read('2026-06-22T08:00', { systolic: 210, diastolic: 90 });
    const { findings, own } = judge([read('2026-06-20T08:00', { systolic: 120 }), latest], latest);
    expect(own).toEqual(new Map(findings.map((f) => [f.type, f.readingDate])));
    expect(own.get('BPHighSingle')).toEqual(latest.date);
  });
});
