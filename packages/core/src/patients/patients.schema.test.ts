import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultCustomAlerts } from '../alerts/custom-alerts.rules.js';
import { messages } from '../messages.js';
import { languages, usStates } from './patients.constants.js';
import { ageOn, type PatientFormContext, type PatientFormInput, patientForm } from './patients.schema.js';

const now = new Date('2026-06-30T19:00:00Z');
const context: PatientFormContext = { portal: 'CLINIC', mode: 'add', userId: 'user-1', now: () => now };

const valid = (change: Partial<PatientFormInput> = {}): PatientFormInput => ({
  clinic: 'clinic-1',
  assignedPhysician: 'physician-1',
  careTeam: [],
  firstName: '  Maria ',
  lastName: ' Lopez',
  email: '',
  language: 'ES',
  dateOfBirth: '04/12/1950',
  gender: 'FEMALE',
  diagnosis: 'CHF',
  heightFeet: '5',
  heightInches: '7',
  weight: '165.5',
  phones: [
    { number: '1-555-123-4567', type: 'Cell', notes: '' },
    { number: '', type: null },
  ],
  phone: '15551234567',
  consent: { status: 'Obtained via telephone' },
  connectDevices: 'Yes',
  preferences: {
    textConsent: 'Yes',
    remindersConsent: 'Yes',
    numberDailyReminders: 2,
    reminderTimes: ['8:00 AM', '7:30 PM', '9:00 PM'],
    dailyRemindersConsent: 'Yes',
    emailConsent: 'Yes',
    monthlyReportConsent: 'Yes',
  },
  enrolled: true,
  ...change,
});

const errors = (input: unknown, ctx: PatientFormContext = context) =>
  Object.fromEntries(
    (patientForm(ctx).safeParse(input).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
  );

describe('patient form validation', () => {
  it('marks every required field at once', () =>
    expect(errors({})).toEqual({
      clinic: messages.required,
      assignedPhysician: messages.required,
      firstName: messages.required,
      lastName: messages.required,
      language: messages.required,
      dateOfBirth: messages.required,
      gender: messages.required,
      diagnosis: messages.required,
      heightFeet: messages.required,
      heightInches: messages.required,
      weight: messages.required,
      consent: messages.required,
      'phones.0.number': messages.required,
      connectDevices: messages.required,
    }));

  it('requires a care navigator and staff for the CIRCLE portal only', () => {
    expect(errors(valid(), { ...context, portal: 'CIRCLE' })).toEqual({
      assignedCareNavigator: messages.required,
      careTeam: messages.required,
    });
    expect(
      errors(valid({ assignedCareNavigator: 'cn-1', careTeam: ['s-1'] }), { ...context, portal: 'CIRCLE' }),
    ).toEqual({});
  });

  it('asks Connect Devices on add only', () => {
    expect(errors(valid({ connectDevices: null }))).toEqual({ connectDevices: messages.required });
    expect(errors(valid({ connectDevices: null }), { ...context, mode: 'edit' })).toEqual({});
  });

  it.each([
    ['5551234567', true],
    ['555-123-4567', true],
    ['1-555-123-4567', true],
    ['15551234567', true],
    ['(555) 123-4567', false],
    ['555-1234', false],
  ])('takes %s as a phone: %s', (number, ok) =>
    expect(errors(valid({ phones: [{ number, type: 'Cell' }], phone: number }))).toEqual(
      ok ? {} : { 'phones.0.number': messages.providePhone },
    ),
  );

  it('requires the first phone type, a texting number among the cell phones, and valid numbers', () =>
    expect(
      errors(
        valid({
          phones: [{ number: '5551234567', type: null }],
          preferences: { ...valid().preferences, textConsent: 'Yes', emergencyContactNumber: '12' },
        }),
      ),
    ).toEqual({
      'phones.0.type': messages.required,
      phone: messages.required,
      'preferences.emergencyContactNumber': messages.providePhone,
    }));

  it('requires reminder count, one slot per reminder, and days unless every day', () =>
    expect(
      errors(
        valid({
          preferences: {
            remindersConsent: 'Yes',
            numberDailyReminders: 2,
            reminderTimes: ['8:00 AM'],
            dailyRemindersConsent: 'No',
            daysToTextReminders: [],
          },
        }),
      ),
    ).toEqual({
      'preferences.reminderTimes.1': messages.required,
      'preferences.daysToTextReminders': messages.required,
    }));

  it('takes reminder slots on the hour or half hour only, each once, however written', () =>
    expect(
      errors(
        valid({
          preferences: {
            remindersConsent: 'Yes',
            numberDailyReminders: 4,
            reminderTimes: ['2:30 AM', '02:30 am', '2:45 AM', '9:00 PM'],
            dailyRemindersConsent: 'Yes',
          },
        }),
      ),
    ).toEqual({
      'preferences.reminderTimes.1': messages.reminderTimeTaken,
      'preferences.reminderTimes.2': messages.reminderTimeSlot,
    }));

  it('requires the reminder count and the every-day answer', () =>
    expect(errors(valid({ preferences: { remindersConsent: 'Yes' } }))).toEqual({
      'preferences.numberDailyReminders': messages.required,
      'preferences.dailyRemindersConsent': messages.required,
    }));

  it.each([
    ['13/01/1950', messages.invalidDate],
    ['1950-04-12', messages.invalidDate],
    ['07/01/2026', messages.invalidDate],
    ['01/01/1899', messages.invalidDate],
  ])('refuses the date of birth %s', (dateOfBirth, message) =>
    expect(errors(valid({ dateOfBirth }))).toEqual({ dateOfBirth: message }),
  );

  it.each([
    [{ heightFeet: 'five' }, { heightFeet: messages.mustBeNumber }],
    [{ heightInches: '12' }, { heightInches: messages.outOfRange }],
    [{ weight: '16o' }, { weight: messages.mustBeNumber }],
    [{ weight: '0' }, { weight: messages.outOfRange }],
  ])('checks the measures %o', (change, expected) => expect(errors(valid(change))).toEqual(expected));
});

describe('patient form robustness', () => {
  it('answers wrong types anywhere in a body with issues, never a thrown error', () => {
    const keys = Object.keys(valid()) as (keyof PatientFormInput)[];
    fc.assert(
      fc.property(
        fc.constantFrom(...keys),
        fc.anything(),
        fc.constantFrom('CLINIC', 'CIRCLE'),
        (key, value, portal) => {
          const body = { ...valid(), [key]: value };
          const answer = patientForm({ ...context, portal: portal as 'CLINIC' | 'CIRCLE' }).safeParse(body);
          expect(typeof answer.success).toBe('boolean');
        },
      ),
    );
  });

  it('refuses a texting number or reminder slots of the wrong type with the field message', () => {
    const result = errors(
      valid({
        phone: [] as unknown as string,
        preferences: { ...valid().preferences, reminderTimes: [7, 8] } as never,
      }),
    );
    expect(result.phone).toBeDefined();
    expect(result['preferences.reminderTimes.0']).toBe(messages.required);
  });
});

describe('patient form submit transformation', () => {
  const payload = patientForm(context).parse(valid());

  it('trims names, reduces phones to digits and drops empty extra phones', () => {
    expect(payload).toMatchObject({
      firstName: 'Maria',
      lastName: 'Lopez',
      email: null,
      phone: '15551234567',
    });
    expect(payload.phones).toEqual([{ number: '15551234567', type: 'Cell', notes: null }]);
  });

  it('sends the height as text and in inches, with the medical info', () =>
    expect(payload.medicalInfo).toEqual({
      dateOfBirth: '1950-04-12',
      mr: null,
      gender: 'FEMALE',
      diagnosis: 'CHF',
      height: '5\'7"',
      heightFeets: 5,
      heightInches: 7,
      heightInInches: 67,
      weight: 165.5,
    }));

  it('converts one reminder slot per reminder to Pacific instants, every day meaning all seven days', () => {
    expect(payload.deviceInfo.reading.intervals.map((d) => d.toISOString())).toEqual([
      '2026-06-30T15:00:00.000Z',
      '2026-07-01T02:30:00.000Z',
    ]);
    expect(payload.preferences.reminderTimes).toEqual(['8:00 AM', '7:30 PM']);
    expect(payload.preferences.daysToTextReminders).toHaveLength(7);
  });

  it('records the current user and date with a consent, and none when not yet obtained', () => {
    expect(payload.consent).toEqual({
      status: 'Obtained via telephone',
      user: 'user-1',
      dateGiven: now.toISOString(),
    });
    const none = patientForm(context).parse(valid({ consent: { status: 'Not yet obtained' } }));
    expect(none.consent).toEqual({ status: 'Not yet obtained', user: null, dateGiven: null });
  });

  it('keeps who recorded an unchanged consent, on edit', () => {
    const savedConsent = {
      status: 'Obtained via telephone' as const,
      user: 'user-0',
      dateGiven: '2025-01-01T00:00:00.000Z',
    };
    const edited = patientForm({ ...context, mode: 'edit', savedConsent }).parse(valid());
    expect(edited.consent).toEqual(savedConsent);
    expect(edited.connectDevices).toBeNull();
  });

  it('turns text, email and reminders off and clears the texting phone without contact consent', () => {
    const none = patientForm(context).parse(valid({ consent: { status: 'Not yet obtained' } }));
    expect(none.phone).toBeNull();
    expect(none.preferences).toMatchObject({
      textConsent: 'No',
      emailConsent: 'No',
      monthlyReportConsent: 'No',
      remindersConsent: 'No',
    });
    expect(none.deviceInfo.reading.intervals).toEqual([]);
  });

  it('clears a texting phone that is no longer a cell number', () => {
    const parsed = patientForm(context).parse(
      valid({ preferences: { textConsent: 'No' }, phones: [{ number: '5551234567', type: 'Landline' }] }),
    );
    expect(parsed.phone).toBeNull();
  });

  it('sets active with enrolled unless chosen, and keeps the shipping address only without devices', () => {
    expect(payload.active).toBe(true);
    expect(patientForm(context).parse(valid({ enrolled: false, active: true })).active).toBe(false);
    expect(patientForm(context).parse(valid({ enrolled: true, active: false })).active).toBe(false);
    const shipping = patientForm(context).parse(
      valid({ connectDevices: 'No', shippingAddress: '1 Main St' }),
    );
    expect(shipping.shippingAddress).toBe('1 Main St');
  });

  it('carries custom alerts and the address', () => {
    const parsed = patientForm({ ...context, mode: 'edit' }).parse(
      valid({
        customAlerts: [...defaultCustomAlerts],
        address: { address: '1 Main St', city: 'Fresno', state: 'CA', zip: '93701' },
      }),
    );
    expect(parsed.customAlerts).toEqual(defaultCustomAlerts);
    expect(parsed.address).toMatchObject({ state: 'CA', zip: '93701' });
  });
});

describe('patient constants', () => {
  it('lists the seven first languages, then the rest alphabetically', () => {
    expect(languages.slice(0, 7).map((l) => l.code)).toEqual(['EN', 'ES', 'HY', 'FA', 'RU', 'VI', 'TL']);
    const rest = languages.slice(7).map((l) => l.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
  });

  it('lists the states, DC and the territories', () => {
    expect(usStates.map((s) => s.code)).toEqual(
      expect.arrayContaining(['CA', 'DC', 'PR', 'GU', 'VI', 'AS', 'MP']),
    );
    expect(usStates).toHaveLength(57);
  });

  it.each([
    ['1950-04-12', '2026-04-11T12:00:00Z', 75],
    ['1950-04-12', '2026-04-12T19:00:00Z', 76],
    ['1950-04-12', '2026-06-30T19:00:00Z', 76],
  ])('a patient born %s is %i years old on %s', (dob, at, age) => expect(ageOn(dob, new Date(at))).toBe(age));
});
