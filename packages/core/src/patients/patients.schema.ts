import { TZDate } from '@date-fns/tz';
import { CustomAlertsInput } from '../alerts/alerts.schema.js';
import { defaultTimeZone } from '../format/calendar.helpers.js';
import { emailMaxLength, numberOrText, requiredText } from '../format/fields.schema.js';
import { patientPhonePattern, zipPattern } from '../format/patterns.constants.js';
import {
  heightInInches,
  heightText,
  isReminderTimeSlot,
  phoneDigits,
  reminderTimeToDate,
  repeatedReminderSlots,
} from '../format/text.helpers.js';
import { z } from '../format/zod.js';
import { messages } from '../messages.js';
import type { Portal } from '../users/roles.js';
import {
  type ConsentStatus,
  consentStatuses,
  contactConsentStatuses,
  contactTimes,
  diagnoses,
  genders,
  languageCodes,
  maxDailyReminders,
  phoneTypes,
  textConsentOptions,
  usStateCodes,
  weekDays,
  yesNo,
} from './patients.constants.js';

const text = z.string().trim().max(200).nullish();
const requiredName = requiredText.max(200);
const requiredChoice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values);
const wholeNumber = (max: number) =>
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    const raw = String(v).trim();
    if (raw === '') ctx.addIssue({ code: 'custom', message: messages.required });
    else if (!/^\d+$/.test(raw)) ctx.addIssue({ code: 'custom', message: messages.mustBeNumber });
    else if (Number(raw) > max) ctx.addIssue({ code: 'custom', message: messages.outOfRange });
    else return Number(raw);
    return z.NEVER;
  });

/** MM/DD/YYYY, a real calendar date, not after today. */
const dateOfBirth = (now: () => Date) =>
  z
    .string()
    .trim()
    .min(1, messages.required)
    .transform((v, ctx) => {
      const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v);
      const [month, day, year] = (m?.slice(1) ?? []).map(Number) as number[];
      const date = m ? new Date(Date.UTC(year!, month! - 1, day!)) : null;
      const valid = date && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day! && year! >= 1900;
      if (!valid || date.getTime() > now().getTime()) {
        ctx.addIssue({ code: 'custom', message: messages.invalidDate });
        return z.NEVER;
      }
      return date.toISOString().slice(0, 10);
    });

const phone = z.object({
  number: z.string().trim().default(''),
  type: z.enum(phoneTypes).nullish(),
  notes: text,
});

// An emptied select or input arrives as ''; it means no value, not a wrong one.
const blankAsNull = (v: unknown) => (v === '' ? null : v);

const address = z.object({
  address: text,
  apt: text,
  city: text,
  state: z.preprocess(blankAsNull, z.enum(usStateCodes as [string, ...string[]]).nullish()),
  zip: z.preprocess(blankAsNull, z.string().trim().regex(zipPattern, messages.invalidZip).nullish()),
});

const preferences = z.object({
  daysToContact: z.array(z.enum(weekDays)).default([]),
  timesToContact: z.array(z.enum(contactTimes)).default([]),
  textConsent: z.enum(textConsentOptions).nullish(),
  remindersConsent: z.enum(yesNo).default('No'),
  numberDailyReminders: numberOrText(z.number().int().min(1).max(maxDailyReminders)).nullish(),
  reminderTimes: z.array(z.string()).default([]),
  dailyRemindersConsent: z.enum(yesNo).nullish(),
  daysToTextReminders: z.array(z.enum(weekDays)).default([]),
  emailConsent: z.enum(yesNo).default('No'),
  monthlyReportConsent: z.enum(yesNo).default('No'),
  emergencyContactFirstName: text,
  emergencyContactLastName: text,
  emergencyContactNumber: z.string().trim().nullish(),
  notes: z.string().trim().max(2000).nullish(),
});

export interface PatientFormContext {
  portal: Portal;
  mode: 'add' | 'edit';
  /** The signed-in user, recorded with a consent. */
  userId: string;
  /** The consent as saved, on edit: an unchanged status keeps who recorded it and when. */
  savedConsent?: { status: ConsentStatus; user: string | null; dateGiven: string | null } | null;
  now?: () => Date;
}

/**
 * The patient add/edit form (spec patients 5) and its submit transformation (spec patients 4, 5). Every
 * error shows at once, conditional ones included, so the banner and the fields agree.
 *
 * The texting number must be one of the patient's Cell numbers; reminders need their count, one slot per
 * reminder and, unless every day, the days; consent other than by staff or telephone turns text and email
 * consent off. Reminder slots become instants on today's Pacific calendar day.
 */
export function patientForm(context: PatientFormContext) {
  const now = context.now ?? (() => new Date());
  return z
    .object({
      clinic: requiredName,
      assignedPhysician: requiredName,
      assignedCareNavigator: z.string().trim().nullish(),
      careTeam: z.array(z.string()).default([]),
      firstName: requiredName,
      lastName: requiredName,
      email: z.preprocess(
        blankAsNull,
        z.string().trim().max(emailMaxLength).pipe(z.email(messages.provideEmail)).nullish(),
      ),
      language: z.enum(languageCodes as [string, ...string[]]),
      dateOfBirth: dateOfBirth(now),
      gender: requiredChoice(genders),
      mr: text,
      diagnosis: requiredChoice(diagnoses),
      heightFeet: wholeNumber(8),
      heightInches: wholeNumber(11),
      weight: z.union([z.string(), z.number()]).transform((v, ctx) => {
        const raw = String(v).trim();
        const n = Number(raw);
        if (raw === '') ctx.addIssue({ code: 'custom', message: messages.required });
        else if (!/^\d+(\.\d+)?$/.test(raw)) ctx.addIssue({ code: 'custom', message: messages.mustBeNumber });
        else if (n <= 0 || n > 1500) ctx.addIssue({ code: 'custom', message: messages.outOfRange });
        else return n;
        return z.NEVER;
      }),
      phones: z.array(phone).default([]),
      phone: z.string().trim().nullish(),
      address: address.nullish(),
      preferences: preferences.prefault({}),
      consent: z.object({ status: requiredChoice(consentStatuses) }),
      connectDevices: z.enum(yesNo).nullish(),
      shippingAddress: z.string().trim().max(500).nullish(),
      enrolled: z.boolean().default(false),
      active: z.boolean().nullish(),
      highPriority: z.boolean().default(false),
      customAlerts: CustomAlertsInput.nullish(),
    })
    .superRefine(
      (v, ctx) => {
        // These rules run even when a field failed its own type check (so every error shows at once):
        // they read the raw values defensively, as text or lists, and never assume the browser's shapes.
        const issue = (path: (string | number)[], message: string = messages.required) =>
          ctx.addIssue({ code: 'custom', message, path });
        const phones = (Array.isArray(v.phones) ? v.phones : []).map((p) => ({
          number: asText(p?.number),
          type: asText(p?.type),
        }));
        if (!phones[0]?.number) issue(['phones', 0, 'number']);
        phones.forEach((p, i) => {
          if (p.number && !patientPhonePattern.test(p.number))
            issue(['phones', i, 'number'], messages.providePhone);
        });
        if (phones[0] && !phones[0].type) issue(['phones', 0, 'type']);
        if (context.portal === 'CIRCLE') {
          if (!v.assignedCareNavigator) issue(['assignedCareNavigator']);
          if (!Array.isArray(v.careTeam) || !v.careTeam.length) issue(['careTeam']);
        }
        if (context.mode === 'add' && !v.connectDevices) issue(['connectDevices']);
        const prefs = v.preferences && typeof v.preferences === 'object' ? v.preferences : null;
        const number = asText(prefs?.emergencyContactNumber);
        if (number && !patientPhonePattern.test(number))
          issue(['preferences', 'emergencyContactNumber'], messages.providePhone);

        const contactAllowed = contactConsentStatuses.includes(v.consent?.status as ConsentStatus);
        if (!prefs || !contactAllowed) return;
        if (prefs.textConsent === 'Yes' && !cellNumbers(phones).includes(phoneDigits(asText(v.phone))))
          issue(['phone']);
        if (prefs.remindersConsent === 'Yes') {
          const count = typeof prefs.numberDailyReminders === 'number' ? prefs.numberDailyReminders : 0;
          if (!count) issue(['preferences', 'numberDailyReminders']);
          const slots = Array.isArray(prefs.reminderTimes) ? prefs.reminderTimes : [];
          for (let i = 0; i < count; i++) {
            const slot = asText(slots[i]).trim();
            if (!isReminderTimeSlot(slot))
              issue(
                ['preferences', 'reminderTimes', i],
                slot ? messages.reminderTimeSlot : messages.required,
              );
          }
          const chosen = slots.slice(0, count).map(asText);
          for (const i of repeatedReminderSlots(chosen))
            if (isReminderTimeSlot(chosen[i]!))
              issue(['preferences', 'reminderTimes', i], messages.reminderTimeTaken);
          if (!prefs.dailyRemindersConsent) issue(['preferences', 'dailyRemindersConsent']);
          if (
            prefs.dailyRemindersConsent === 'No' &&
            !(Array.isArray(prefs.daysToTextReminders) && prefs.daysToTextReminders.length)
          )
            issue(['preferences', 'daysToTextReminders']);
        }
      },
      { when: () => true },
    )
    .transform((v) => {
      const contactAllowed = contactConsentStatuses.includes(v.consent.status);
      const phones = v.phones
        .filter((p, i) => i === 0 || p.number)
        .map((p) => ({ number: phoneDigits(p.number), type: p.type ?? null, notes: p.notes || null }));
      const textingPhone = phoneDigits(v.phone ?? '');
      const textConsent = contactAllowed ? (v.preferences.textConsent ?? null) : 'No';
      const reminders = contactAllowed && v.preferences.remindersConsent === 'Yes';
      const count = reminders ? (v.preferences.numberDailyReminders ?? 0) : 0;
      const everyDay = v.preferences.dailyRemindersConsent === 'Yes';
      const today = now();
      const consentKept = context.mode === 'edit' && context.savedConsent?.status === v.consent.status;
      const consent =
        v.consent.status === 'Not yet obtained'
          ? { status: v.consent.status, user: null, dateGiven: null }
          : consentKept
            ? { ...context.savedConsent!, status: v.consent.status }
            : { status: v.consent.status, user: context.userId, dateGiven: today.toISOString() };
      const height = { feet: v.heightFeet, inches: v.heightInches };
      return {
        clinic: v.clinic,
        assignedPhysician: v.assignedPhysician,
        assignedCareNavigator: v.assignedCareNavigator || null,
        careTeam: v.careTeam,
        firstName: v.firstName,
        lastName: v.lastName,
        email: v.email || null,
        language: v.language,
        sex: v.gender,
        dateOfBirth: v.dateOfBirth,
        diagnosis: v.diagnosis,
        phones,
        phone: textConsent === 'Yes' && cellNumbers(phones).includes(textingPhone) ? textingPhone : null,
        address: v.address ?? null,
        preferences: {
          ...v.preferences,
          textConsent,
          emailConsent: contactAllowed ? v.preferences.emailConsent : 'No',
          monthlyReportConsent:
            contactAllowed && v.preferences.emailConsent === 'Yes'
              ? v.preferences.monthlyReportConsent
              : 'No',
          remindersConsent: reminders ? 'Yes' : 'No',
          numberDailyReminders: reminders ? count : null,
          reminderTimes: v.preferences.reminderTimes.slice(0, count),
          daysToTextReminders: reminders
            ? everyDay
              ? [...weekDays]
              : v.preferences.daysToTextReminders
            : [],
          emergencyContactNumber: v.preferences.emergencyContactNumber
            ? phoneDigits(v.preferences.emergencyContactNumber)
            : null,
        },
        deviceInfo: {
          reading: {
            intervals: v.preferences.reminderTimes
              .slice(0, count)
              .map((slot) => reminderTimeToDate(slot, today)),
          },
        },
        medicalInfo: {
          dateOfBirth: v.dateOfBirth,
          mr: v.mr || null,
          gender: v.gender,
          diagnosis: v.diagnosis,
          height: heightText(height.feet, height.inches),
          heightFeets: height.feet,
          heightInches: height.inches,
          heightInInches: heightInInches(height.feet, height.inches),
          weight: v.weight,
        },
        consent,
        connectDevices: context.mode === 'add' ? v.connectDevices! : null,
        shippingAddress: v.connectDevices === 'No' ? v.shippingAddress || null : null,
        enrolled: v.enrolled,
        // Active follows enrolled unless set; the spec shows the toggle only for an enrolled patient.
        active: v.enrolled ? (v.active ?? true) : false,
        highPriority: v.highPriority,
        customAlerts: v.customAlerts ?? null,
      };
    });
}
export type PatientFormInput = z.input<ReturnType<typeof patientForm>>;
export type PatientPayload = z.output<ReturnType<typeof patientForm>>;

/** A raw value as text: anything but a string (a wrong type already has its own error) counts as empty. */
const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

const cellNumbers = (phones: readonly { number?: string | null; type?: string | null }[]) =>
  phones.filter((p) => p?.type === 'Cell' && p.number).map((p) => phoneDigits(p.number!));

/** A patient's age in whole years on the clinics' calendar, for "DOB with age". */
export function ageOn(dateOfBirth: string, now: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const today = new TZDate(now.getTime(), defaultTimeZone);
  const hadBirthday =
    today.getMonth() + 1 > month || (today.getMonth() + 1 === month && today.getDate() >= day);
  return today.getFullYear() - year - (hadBirthday ? 0 : 1);
}
