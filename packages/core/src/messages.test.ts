import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CustomAlertsInput, snoozeAlertRequest } from './alerts/alerts.schema.js';
import { defaultCustomAlerts } from './alerts/custom-alerts.rules.js';
import {
  ChangePasswordForm,
  LoginForm,
  RecoverForm,
  SetPasswordForm,
  SignUpForm,
  TemporaryPasswordForm,
} from './auth/auth.schema.js';
import { NewClinicForm } from './clinics/clinics.schema.js';
import { DeviceForm, DeviceRequest, PairDeviceForm } from './devices/devices.schema.js';
import { MedicationForm } from './medications/medications.schema.js';
import { messages } from './messages.js';
import { MonthlyNoteRequest } from './notes/notes.schema.js';
import { defaultGraphFilterData } from './patients/patient-details.js';
import { patientForm } from './patients/patients.schema.js';
import { GraphFilterDataRequest, manualReadingForm } from './readings/readings.schema.js';
import { BulkTimeForm, ManualTimeForm } from './time-tracking/time-tracking.schema.js';
import { AccountForm, AvatarFile, CreateUserRequest } from './users/users.schema.js';

type MessageKey = keyof typeof messages;

/** Strings the screens show that no form validation produces; every other message must be produced below. */
const notValidation: MessageKey[] = [
  'unknownAlert',
  'noResults',
  'requiredFieldsBanner',
  'requiredFieldsBannerDetail',
  'bulkTimeNoPatients',
  'unsavedChanges',
  'shippingAddressPrompt',
  'saveFilterPreferences',
  'reportEmailFailed',
  'dataReportFailed',
  'monthlyReportFailed',
  'billingReportFailed',
  'downloadFailed',
  'serverError',
  'savedAtTheSameTime',
  'unstorableText',
  'nestedTooDeeply',
  'unauthorized',
  'sessionTimedOut',
];

const now = new Date('2026-06-30T19:00:00Z');
const reading = manualReadingForm(() => now);
const patient = patientForm({ portal: 'CLINIC', mode: 'add', userId: 'u1', now: () => now });
const alerts = defaultCustomAlerts.map(({ key, status, values }) => ({ key, status, values }));
const medication = { name: 'Lisinopril', doseSize: { value: '10', type: 'mg' }, frequency: { type: 'QD' } };
const eDevice = { brand: 'EDEVICE', hubSerialNumber: 'H1', deviceName: 'Cuff', deviceModel: 'M1' };
const eDeviceStock = { brand: 'EDEVICE', type: 'Scale', hubSerialNumber: 'H1' };

/** Each validation message with one bad input that produces it. */
const produced: [MessageKey, z.ZodType, unknown][] = [
  ['required', LoginForm, { email: '', password: '' }],
  ['invalidPhone', AccountForm, { firstName: 'A', lastName: 'B', phone: '555-12', email: 'a@b.co' }],
  [
    'invalidEmail',
    AccountForm,
    { firstName: 'A', lastName: 'B', phone: '5551234567', email: 'not-an-email' },
  ],
  ['emailMustBeValid', LoginForm, { email: 'nope', password: 'x' }],
  ['provideValidEmailFormat', RecoverForm, { email: 'nope' }],
  ['passwordMismatch', SetPasswordForm, { password: 'Abcdefg!1', confirmPassword: 'Abcdefg!2' }],
  [
    'passwordsMismatch',
    ChangePasswordForm,
    { currentPassword: 'x', newPassword: 'Abcdefg!1', confirmPassword: 'Abcdefg!2' },
  ],
  ['passwordMin8', SetPasswordForm, { password: 'Ab!1', confirmPassword: 'Ab!1' }],
  ['passwordRule', SetPasswordForm, { password: 'abcdefgh', confirmPassword: 'abcdefgh' }],
  ['temporaryPasswordRule', TemporaryPasswordForm, { mode: 'manual', password: 'abcdefgh' }],
  [
    'nameTooLong',
    SignUpForm,
    { firstName: 'x'.repeat(51), lastName: 'B', email: 'a@b.co', password: 'Abc!123' },
  ],
  ['macLength', DeviceForm, { brand: 'Withings', type: 'Scale', identifier: '00:24:E4:AB:CD' }],
  ['macLengthPairing', PairDeviceForm, { brand: 'Withings', macAddress: '00:24:E4' }],
  ['imeiLength', DeviceForm, { brand: 'Pylo', type: 'Scale', identifier: '35000000000' }],
  ['imeiDigits', DeviceForm, { brand: 'Pylo', type: 'Scale', identifier: '35000000000000X' }],
  ['macCharacters', DeviceForm, { brand: 'Withings', type: 'Scale', identifier: 'gg:hh:ii:jj:kk:ll' }],
  ['macCharactersPairing', PairDeviceForm, { brand: 'Withings', macAddress: '00:24:E4:AB:CD:XY' }],
  ['bluetoothLength', DeviceForm, { ...eDeviceStock, identifier: 'A4:C1' }],
  ['bluetoothCharacters', DeviceForm, { ...eDeviceStock, identifier: 'A4C1380000ZZ' }],
  ['bluetoothLengthPairing', PairDeviceForm, { ...eDevice, bluetoothMA: 'xyz' }],
  ['bluetoothCharactersPairing', PairDeviceForm, { ...eDevice, bluetoothMA: 'A4C1380000ZZ' }],
  ['imageType', AvatarFile, { fileName: 'me.gif', mimeType: 'image/gif' }],
  ['providePhone', patient, { phones: [{ number: '555-1234', type: 'Cell' }] }],
  ['provideEmail', patient, { email: 'not-an-email' }],
  ['nameRequired', MedicationForm, { ...medication, name: ' ' }],
  ['enterNumber', MedicationForm, { ...medication, doseSize: { value: 'ten', type: 'mg' } }],
  ['doseRequired', MedicationForm, { ...medication, doseSize: { value: '', type: 'mg' } }],
  ['selectUnit', MedicationForm, { ...medication, doseSize: { value: '10', type: '' } }],
  ['selectFrequency', MedicationForm, { ...medication, frequency: { type: '' } }],
  ['readingInFuture', reading, { date: '2026-07-01T08:00', timezone: 'America/Los_Angeles', weight: '180' }],
  ['readingTooOld', reading, { date: '1926-06-30T08:00', timezone: 'America/Los_Angeles', weight: '180' }],
  ['dateRequired', reading, { date: '', timezone: 'America/Los_Angeles', weight: '180' }],
  ['mustBeNumber', reading, { date: '2026-06-30T08:00', timezone: 'America/Los_Angeles', weight: '18o' }],
  [
    'systolicRequired',
    reading,
    { date: '2026-06-30T08:00', timezone: 'America/Los_Angeles', diastolic: '80' },
  ],
  [
    'diastolicRequired',
    reading,
    { date: '2026-06-30T08:00', timezone: 'America/Los_Angeles', systolic: '120' },
  ],
  [
    'heartRateRequired',
    reading,
    { date: '2026-06-30T08:00', timezone: 'America/Los_Angeles', heartRate: '  ' },
  ],
  ['weightRequired', reading, { date: '2026-06-30T08:00', timezone: 'America/Los_Angeles', weight: ' ' }],
  ['inputCannotBeEmpty', BulkTimeForm, { seconds: '' }],
  [
    'thresholdDigitsOnly',
    CustomAlertsInput,
    alerts.map((a, i) => (i === 3 ? { ...a, values: { lowBP: '9O' } } : a)),
  ],
  ['customAlertsOrder', CustomAlertsInput, alerts.slice(0, 9)],
  ['slugRule', NewClinicForm, { clinic_slug: 'ab' }],
  ['areaCodeRule', NewClinicForm, { clinic_area_code: '31' }],
  ['invalidDate', patient, { dateOfBirth: '02/30/1950' }],
  ['invalidZip', patient, { address: { zip: '9410' } }],
  ...(['reminderTimeSlot', 'reminderTimeTaken'] as const).map((key): [MessageKey, z.ZodType, unknown] => [
    key,
    patient,
    {
      consent: { status: 'Obtained via telephone' },
      preferences: {
        remindersConsent: 'Yes',
        numberDailyReminders: 2,
        reminderTimes: key === 'reminderTimeSlot' ? ['8:15 AM', '9:00 AM'] : ['8:00 AM', '8:00 AM'],
      },
    },
  ]),
  [
    'outOfRange',
    reading,
    { date: '2026-06-30T08:00', timezone: 'America/Los_Angeles', systolic: '900', diastolic: '80' },
  ],
  [
    'diastolicNotBelowSystolic',
    reading,
    { date: '2026-06-30T08:00', timezone: 'America/Los_Angeles', systolic: '80', diastolic: '120' },
  ],
  ['readingValueRequired', reading, { date: '2026-06-30T08:00', timezone: 'America/Los_Angeles' }],
  ['dateMustBeFuture', snoozeAlertRequest(() => now), { snoozeUntil: '2026-06-30T18:00:00Z' }],
  [
    'monthlyNoteTooLong',
    MonthlyNoteRequest,
    { month: 6, year: 2026, noteContent: 'x'.repeat(241), approved: false },
  ],
  [
    'monthlyNoteTooManyLines',
    MonthlyNoteRequest,
    { month: 6, year: 2026, noteContent: 'a\nb\nc\nd', approved: false },
  ],
  ['timeMustBePositive', ManualTimeForm, { hours: '0', minutes: '0' }],
  [
    'careNavigatorPortal',
    CreateUserRequest,
    {
      firstName: 'A',
      lastName: 'B',
      phone: '5551234567',
      email: 'a@b.co',
      clinicalRole: 'CARE_NAVIGATOR',
      role: { portal: 'CLINIC' },
      clinicId: 'c1',
    },
  ],
  [
    'dateRangeOrder',
    GraphFilterDataRequest,
    { ...defaultGraphFilterData, dateRange: 'custom', startDate: '2026-06-30', endDate: '2026-06-01' },
  ],
];

describe('every validation message of the specification is produced by a schema', () => {
  it.each(produced)('%s', (key, schema, input) => {
    const issues = schema.safeParse(input).error?.issues ?? [];
    expect(issues.map((i) => i.message)).toContain(messages[key]);
  });

  it('tooLong, for a text over its limit that names no message of its own', () => {
    const issues = DeviceRequest.safeParse({ brand: 'Tenovi', type: 'Scale', serialNumber: 'x'.repeat(41) })
      .error?.issues;
    expect(issues?.map((i) => i.message)).toEqual([messages.tooLong(40)]);
  });

  it('covers every message that is not a screen text', () => {
    const covered = new Set<MessageKey>([...produced.map(([key]) => key), ...notValidation, 'tooLong']);
    expect(Object.keys(messages).filter((key) => !covered.has(key as MessageKey))).toEqual([]);
  });
});
