import {
  contactTimes,
  diagnoses,
  genders,
  type PatientFormInput,
  type PatientView,
  phoneTypes,
  type SessionUser,
  textConsentOptions,
  weekDays,
  yesNo,
} from '@vigil/core';
import type { DefaultValues } from 'react-hook-form';
import { toThresholdEntries } from '../../../components/threshold-fields';

/** The form's values: exactly what the API takes as the body of POST and PUT /pacients (raw, untransformed). */
export type PatientFormValues = PatientFormInput;
export type PatientFormDefaults = DefaultValues<PatientFormValues>;

const blankPhone = { number: '', type: null, notes: '' };

const blankPreferences = {
  daysToContact: [],
  timesToContact: [],
  textConsent: null,
  remindersConsent: 'No',
  numberDailyReminders: null,
  reminderTimes: [],
  dailyRemindersConsent: null,
  daysToTextReminders: [],
  emailConsent: 'No',
  monthlyReportConsent: 'No',
  emergencyContactFirstName: '',
  emergencyContactLastName: '',
  emergencyContactNumber: '',
  notes: '',
} satisfies PatientFormDefaults['preferences'];

/**
 * A new patient: a CLINIC user's own clinic, one phone, nothing chosen. Custom alerts are not sent: the
 * server starts the patient from the clinic's thresholds, every toggle on (spec patients 2.1).
 */
export function newPatientValues(user: SessionUser): PatientFormDefaults {
  return {
    clinic: user.role.portal === 'CLINIC' ? (user.clinicId ?? '') : '',
    assignedPhysician: '',
    assignedCareNavigator: '',
    careTeam: [],
    firstName: '',
    lastName: '',
    email: '',
    phones: [blankPhone],
    phone: '',
    preferences: blankPreferences,
    language: '',
    dateOfBirth: '',
    mr: '',
    heightFeet: '',
    heightInches: '',
    weight: '',
    consent: { status: undefined },
    connectDevices: null,
    shippingAddress: '',
    highPriority: false,
    enrolled: false,
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const oneOf = <T extends string>(options: readonly T[], value: unknown): T | null =>
  options.includes(value as T) ? (value as T) : null;
const someOf = <T extends string>(options: readonly T[], value: unknown): T[] =>
  Array.isArray(value) ? value.filter((v): v is T => options.includes(v as T)) : [];

/**
 * A saved phone (digits only) as staff type one, 503-555-0142 or 1-503-555-0142: a spelling the phone rule
 * accepts, unlike the (503) 555-0142 of the displays. Anything else is shown as saved.
 */
function typedPhone(digits: string | null | undefined): string {
  const match = /^(1?)(\d{3})(\d{3})(\d{4})$/.exec(digits ?? '');
  if (!match) return digits ?? '';
  const [, one, area, exchange, line] = match;
  return `${one ? '1-' : ''}${area}-${exchange}-${line}`;
}

/** YYYY-MM-DD as the date input shows it, MM/DD/YYYY. */
const toInputDate = (date: string | null | undefined) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date ?? '');
  return match ? `${match[2]}/${match[3]}/${match[1]}` : '';
};

/** The saved patient as the form's starting values (spec patients 2.1: alert toggles from the saved state). */
export function patientFormValues(patient: PatientView): PatientFormDefaults {
  const prefs = patient.preferences;
  const count = Number(prefs.numberDailyReminders);
  const medical = patient.medicalInfo;
  return {
    clinic: patient.clinic,
    assignedPhysician: patient.assignedPhysician ?? '',
    assignedCareNavigator: patient.assignedCareNavigator ?? '',
    careTeam: [...patient.careTeam],
    firstName: patient.firstName,
    lastName: patient.lastName,
    email: patient.email ?? '',
    phones: patient.phones.length
      ? patient.phones.map((p) => ({
          number: typedPhone(p.number),
          type: oneOf(phoneTypes, p.type),
          notes: p.notes ?? '',
        }))
      : [blankPhone],
    phone: patient.phone ?? '',
    address: {
      address: patient.address?.address ?? '',
      apt: patient.address?.apt ?? '',
      city: patient.address?.city ?? '',
      state: patient.address?.state ?? '',
      zip: patient.address?.zip ?? '',
    },
    preferences: {
      daysToContact: someOf(weekDays, prefs.daysToContact),
      timesToContact: someOf(contactTimes, prefs.timesToContact),
      textConsent: oneOf(textConsentOptions, prefs.textConsent),
      remindersConsent: oneOf(yesNo, prefs.remindersConsent) ?? 'No',
      numberDailyReminders: Number.isInteger(count) && count > 0 ? count : null,
      reminderTimes: Array.isArray(prefs.reminderTimes) ? prefs.reminderTimes.map(text) : [],
      dailyRemindersConsent: oneOf(yesNo, prefs.dailyRemindersConsent),
      daysToTextReminders: someOf(weekDays, prefs.daysToTextReminders),
      emailConsent: oneOf(yesNo, prefs.emailConsent) ?? 'No',
      monthlyReportConsent: oneOf(yesNo, prefs.monthlyReportConsent) ?? 'No',
      emergencyContactFirstName: text(prefs.emergencyContactFirstName),
      emergencyContactLastName: text(prefs.emergencyContactLastName),
      emergencyContactNumber: typedPhone(text(prefs.emergencyContactNumber)),
      notes: text(prefs.notes),
    },
    language: patient.language ?? '',
    dateOfBirth: toInputDate(patient.dateOfBirth ?? medical.dateOfBirth),
    gender: oneOf(genders, patient.sex ?? medical.gender) ?? undefined,
    mr: medical.mr ?? '',
    diagnosis: oneOf(diagnoses, patient.diagnosis ?? medical.diagnosis) ?? undefined,
    heightFeet: medical.heightFeets === undefined ? '' : String(medical.heightFeets),
    heightInches: medical.heightInches === undefined ? '' : String(medical.heightInches),
    weight: medical.weight === undefined ? '' : String(medical.weight),
    consent: { status: patient.consent.status ?? undefined },
    highPriority: patient.highPriority,
    enrolled: patient.enrolled,
    // Active defaults to enrolled when unset (spec patients 4).
    active: patient.active ?? patient.enrolled,
    customAlerts: toThresholdEntries(patient.customAlerts),
  };
}
