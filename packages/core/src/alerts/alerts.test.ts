import { describe, expect, it } from 'vitest';
import { detailPageErrors, messages } from '../messages.js';
import { alertDescription } from './alert-description.rules.js';
import { alertCategoryRank, alertTypeCategory, alertTypes, isAlertType } from './alerts.constants.js';
import { highestPriorityAlertCategory, isAlertActive } from './alerts.rules.js';
import {
  CustomAlertsInput,
  createAlertForm,
  createAlertRequest,
  maxSnoozeDays,
  snoozeAlertRequest,
} from './alerts.schema.js';
import {
  type CustomAlert,
  defaultCustomAlerts,
  defaultThresholds,
  resolveThresholds,
  sameThresholds,
} from './custom-alerts.rules.js';

const now = new Date('2026-06-30T19:00:00Z');

describe('defaultCustomAlerts: the ten settings of the spec, in order', () => {
  it('lists the spec fields and defaults', () =>
    expect(defaultCustomAlerts.map((a) => [a.key, a.type, a.status, a.values])).toEqual([
      ['highReading', 'Clinical', 'on', { highReadingSystolic: '200', highReadingdiastolic: '100' }],
      ['secondReading', 'Clinical', 'on', { secondReadingSystolic: '190' }],
      ['thirdReading', 'Clinical', 'on', { thirdReadingSystolic: '180' }],
      ['lowBP', 'Clinical', 'on', { lowBP: '90' }],
      ['weightOneDay', 'Clinical', 'on', { weightInOneCalendarDays: '3' }],
      ['weightSevenDays', 'Clinical', 'on', { weightInSevenCalendarDays: '5' }],
      ['lowHR', 'Clinical', 'on', { lowHR: '40' }],
      ['highHR', 'Clinical', 'on', { highHR: '120' }],
      ['adherenceNew', 'Adherence Coaching', 'on', { oneAdherence: '12', oneCalendar: '1' }],
      ['adherenceEstablished', 'Adherence Coaching', 'on', { fiveAdherence: '12', fiveCalendar: '5' }],
    ]));

  it('resolve to the default thresholds', () =>
    expect(defaultThresholds).toEqual({
      highReading: { on: true, systolic: 200, diastolic: 100 },
      secondReading: { on: true, systolic: 190 },
      thirdReading: { on: true, systolic: 180 },
      lowBP: { on: true, systolic: 90 },
      weightOneDay: { on: true, pounds: 3 },
      weightSevenDays: { on: true, pounds: 5 },
      lowHR: { on: true, bpm: 40 },
      highHR: { on: true, bpm: 120 },
      adherenceNew: { on: true, enrolledDays: 12, daysWithoutReading: 1 },
      adherenceEstablished: { on: true, enrolledDays: 12, daysWithoutReading: 5 },
    }));

  it('falls back to the default value for a value that is not a number', () => {
    const broken = [{ ...defaultCustomAlerts[3]!, values: { lowBP: '' } } as CustomAlert];
    expect(resolveThresholds(null, broken).lowBP).toEqual({ on: true, systolic: 90 });
  });
});

describe('CustomAlertsInput', () => {
  const input = () => defaultCustomAlerts.map(({ key, status, values }) => ({ key, status, values }));

  it('accepts the ten settings and restores their labels and types', () =>
    expect(CustomAlertsInput.parse(input())).toEqual(defaultCustomAlerts));

  it('reads numbers as their digits', () => {
    const alerts = input();
    alerts[3] = { key: 'lowBP', status: 'off', values: { lowBP: 85 as unknown as string } };
    expect(CustomAlertsInput.parse(alerts)[3]).toMatchObject({ status: 'off', values: { lowBP: '85' } });
  });

  it.each(['1000', '9a', '', '-1', '1.5'])('refuses %j: digits only, at most 3', (value) => {
    const alerts = input();
    alerts[6] = { key: 'lowHR', status: 'on', values: { lowHR: value } };
    const issues = CustomAlertsInput.safeParse(alerts).error?.issues;
    expect(issues).toEqual([
      expect.objectContaining({ message: messages.thresholdDigitsOnly, path: [6, 'values', 'lowHR'] }),
    ]);
  });

  it('refuses a list of the wrong length or order', () => {
    expect(CustomAlertsInput.safeParse(input().slice(1)).error?.issues[0]?.message).toBe(
      messages.customAlertsOrder,
    );
    expect(CustomAlertsInput.safeParse(input().reverse()).error?.issues[0]?.message).toBe(
      messages.customAlertsOrder,
    );
  });
});

describe('alert types and categories', () => {
  it('ranks categories most urgent first: Clinical, Manual, SMS, AdherenceCoaching', () =>
    expect(
      Object.entries(alertCategoryRank)
        .sort((a, b) => a[1] - b[1])
        .map(([c]) => c),
    ).toEqual(['Clinical', 'Manual', 'SMS', 'AdherenceCoaching']));

  it('gives every type a category', () => {
    for (const type of alertTypes) expect(alertTypeCategory[type]).toBeDefined();
    expect(isAlertType('Custom')).toBe(true);
    expect(isAlertType('Nonsense')).toBe(false);
  });

  it('finds the highest priority category, or null', () => {
    expect(highestPriorityAlertCategory([])).toBeNull();
    expect(
      highestPriorityAlertCategory([
        { category: 'SMS' },
        { category: 'Manual' },
        { category: 'AdherenceCoaching' },
      ]),
    ).toBe('Manual');
  });

  it.each([
    [{ snoozedUntil: null }, true],
    [{ snoozedUntil: '2026-06-30T18:59:00Z' }, true],
    [{ snoozedUntil: now }, true],
    [{ snoozedUntil: '2026-06-30T19:01:00Z' }, false],
    [{ snoozedUntil: null, dismissedAt: now }, false],
  ])('is active when the snooze is empty or over: %o -> %s', (alert, expected) =>
    expect(isAlertActive(alert, now)).toBe(expected),
  );
});

describe('alertDescription: the detail page wording with the values in force', () => {
  const custom = resolveThresholds(defaultCustomAlerts, [
    { ...defaultCustomAlerts[9]!, values: { fiveAdherence: '12', fiveCalendar: '7' } } as CustomAlert,
  ]);
  it.each([
    ['WeightFivePoundsInWeek', 'Weight gain of 5 lbs or more in 7 days'],
    ['WeightThreePoundsIn1Day', 'Weight gain of 3 lbs or more in 1 day'],
    ['WeightTwoPoundsIn1Day', 'Weight gain of 2 lbs or more in 1 day'],
    ['HeartRateLow', 'Heart rate below 40 bpm'],
    ['HeartRateHigh', 'Heart rate above 120 bpm'],
    ['BPHighSingle', 'High blood pressure reading: systolic 200 or diastolic 100 or more'],
    [
      'BPHighTwoDaysInWeek',
      '2 high blood pressure days in a week: systolic 190 or more on 2 unique days in 1 week',
    ],
    [
      'BPHighThreeDaysInWeek',
      '3 high blood pressure days in a week: systolic 180 or more on 3 unique days in 1 week',
    ],
    ['BPLow', 'Low blood pressure: systolic below 90'],
    [
      'AdherenceEstablishedPatientNoReadingForFiveDays',
      'Adherence coaching: no readings for 5 days (established patient)',
    ],
    ['AdherenceNewPatientNoReadingForOneDay', 'Adherence coaching: no readings for 1 day (new patient)'],
    ['SMSUnseen', 'New text message from the patient'],
    ['CallFollowUp', 'Call follow-up'],
    ['Custom', 'Custom alert'],
    ['SomethingElse', messages.unknownAlert],
  ])('%s reads %j', (type, text) => expect(alertDescription({ type }, defaultThresholds)).toBe(text));

  it('reads the configured adherence days', () =>
    expect(alertDescription({ type: 'AdherenceEstablishedPatientNoReadingForFiveDays' }, custom)).toBe(
      'Adherence coaching: no readings for 7 days (established patient)',
    ));

  it('shows a custom alert description', () =>
    expect(
      alertDescription({ type: 'Custom', customDescription: ' Check cuff size ' }, defaultThresholds),
    ).toBe('Check cuff size'));
});

describe('alert requests', () => {
  const form = createAlertForm(() => now);
  it('requires a type and a date in the future', () => {
    const issues = form.safeParse({ alertType: '', snoozedUntilDate: '' }).error?.issues ?? [];
    expect(issues.map((i) => [i.path[0], i.message])).toEqual([
      ['alertType', messages.required],
      ['snoozedUntilDate', messages.required],
    ]);
    expect(
      form.safeParse({ alertType: 'CallFollowUp', snoozedUntilDate: now }).error?.issues[0]?.message,
    ).toBe(messages.dateMustBeFuture);
  });

  it('keeps a description for Custom alerts only', () => {
    const later = new Date('2026-07-01T19:00:00Z');
    expect(
      form.parse({ alertType: 'Custom', snoozedUntilDate: later, customDescription: 'Call back' }),
    ).toEqual({
      alertType: 'Custom',
      snoozedUntilDate: later,
      customDescription: 'Call back',
    });
    expect(
      form.parse({ alertType: 'CallFollowUp', snoozedUntilDate: later, customDescription: 'x' })
        .customDescription,
    ).toBeUndefined();
    expect(
      createAlertRequest(() => now).safeParse({
        patientId: 'p1',
        alertData: { alertType: 'Custom', snoozedUntilDate: later },
      }).success,
    ).toBe(true);
  });

  it('uses the clock when no now is given', () => {
    const nextYear = new Date(Date.now() + 365 * 86_400_000);
    const alertData = { alertType: 'CallFollowUp', snoozedUntilDate: nextYear };
    expect(createAlertForm().safeParse(alertData).success).toBe(true);
    expect(createAlertRequest().safeParse({ patientId: 'p1', alertData }).success).toBe(true);
    expect(snoozeAlertRequest().safeParse({ snoozeUntil: '2020-01-01T00:00:00Z' }).success).toBe(false);
  });

  it('snoozes into the future only, and for at most 90 days', () => {
    const snooze = snoozeAlertRequest(() => now);
    expect(snooze.safeParse({ snoozeUntil: '2026-07-01T19:00:00Z' }).success).toBe(true);
    expect(snooze.safeParse({ snoozeUntil: '2026-06-01T19:00:00Z' }).error?.issues[0]?.message).toBe(
      messages.dateMustBeFuture,
    );
    const days = (n: number) => new Date(now.getTime() + n * 86_400_000).toISOString();
    expect(snooze.safeParse({ snoozeUntil: days(maxSnoozeDays) }).success).toBe(true);
    expect(snooze.safeParse({ snoozeUntil: days(maxSnoozeDays + 1) }).error?.issues[0]?.message).toBe(
      detailPageErrors.snoozeTooFar,
    );
  });

  it('refuses dates past the year 9999, which no timestamp holds', () => {
    const far = '+010000-01-01T00:00:00.000Z';
    expect(
      form.safeParse({ alertType: 'CallFollowUp', snoozedUntilDate: far }).error?.issues[0]?.message,
    ).toBe(detailPageErrors.dateTooLate);
    expect(
      form.safeParse({ alertType: 'CallFollowUp', snoozedUntilDate: '9999-12-31T23:00:00Z' }).success,
    ).toBe(true);
  });
});

describe('sameThresholds', () => {
  it('holds for the same settings in another order, with numbers spelled differently', () => {
    const shuffled = [...defaultCustomAlerts]
      .reverse()
      .map((a) => (a.key === 'lowHR' ? { ...a, values: { lowHR: '040' } } : a)) as CustomAlert[];
    expect(sameThresholds(shuffled, defaultCustomAlerts)).toBe(true);
  });

  it('tells apart a changed value or status', () => {
    const changed = defaultCustomAlerts.map((a) =>
      a.key === 'lowBP' ? { ...a, status: 'off' as const } : a,
    ) as CustomAlert[];
    expect(sameThresholds(changed, defaultCustomAlerts)).toBe(false);
  });
});
