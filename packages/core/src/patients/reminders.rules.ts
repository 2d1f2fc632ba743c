import { TZDate } from '@date-fns/tz';
import { calendarDay, defaultTimeZone } from '../format/calendar.helpers.js';
import { formatPhone } from '../format/text.helpers.js';
import { z } from '../format/zod.js';
import { weekDays } from './patients.constants.js';

/**
 * The welcome text and the reading reminders (DESIGN 4, "Messages and reminders"; spec patients 4 and 9).
 * Pure: the clock's instant and the zones are inputs, and zone rules (not fixed offsets) turn wall-clock
 * times into instants, so the rules hold across daylight-saving changes.
 */

const slotMs = 30 * 60_000;
const dayMinutes = 24 * 60;

/** The half-hour slot an instant falls in (its start). Every zone the product serves is on whole half hours. */
export const reminderSlotAt = (now: Date): Date => new Date(Math.floor(now.getTime() / slotMs) * slotMs);

/**
 * The instant of a wall-clock time (`minutes` past midnight) on a calendar day of `timeZone`, by the zone's
 * rules: a time that a spring-forward skips happens an hour later (2:30 becomes 3:30), a time that a fall-back
 * repeats happens the first time only. Minutes past 24:00 fall on the next day.
 */
export function wallClockInstant(day: number, minutes: number, timeZone: string): Date {
  const d = day + Math.floor(minutes / dayMinutes);
  const m = ((minutes % dayMinutes) + dayMinutes) % dayMinutes;
  const utc = new Date(d * 86_400_000);
  const local = new TZDate(
    utc.getUTCFullYear(),
    utc.getUTCMonth(),
    utc.getUTCDate(),
    Math.floor(m / 60),
    m % 60,
    timeZone,
  );
  return new Date(local.getTime());
}

/** The weekday name of a `calendarDay` number (day 0, 1970-01-01, was a Thursday). */
export const weekDayOf = (day: number): (typeof weekDays)[number] => weekDays[(((day + 3) % 7) + 7) % 7]!;

const twelveHour = /^(1[0-2]|0?[1-9]):([0-5]\d)\s*(AM|PM)$/i;
const twentyFourHour = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/**
 * A stored reminder time as minutes past midnight, or null. The patient form stores each slot twice: the
 * label in `preferences.reminderTimes` ('8:30 AM') and, in `deviceInfo.reading.intervals`, that label as an
 * instant on the Pacific day of the save (`reminderTimeToDate`), whose Pacific wall-clock time is the slot.
 * 'HH:mm' is read too. Only half-hour slots count.
 */
export function reminderMinutes(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  let minutes: number | null = null;
  const twelve = twelveHour.exec(text);
  const twentyFour = twentyFourHour.exec(text);
  if (twelve) {
    minutes =
      ((Number(twelve[1]) % 12) + (twelve[3]!.toUpperCase() === 'PM' ? 12 : 0)) * 60 + Number(twelve[2]);
  } else if (twentyFour) {
    minutes = Number(twentyFour[1]) * 60 + Number(twentyFour[2]);
  } else if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
    const instant = new Date(text);
    if (Number.isNaN(instant.getTime())) return null;
    const wall = new TZDate(instant.getTime(), defaultTimeZone);
    minutes = wall.getHours() * 60 + wall.getMinutes();
  }
  return minutes !== null && minutes % 30 === 0 ? minutes : null;
}

/** What the reminder rules read of a patient. */
export interface ReminderPatient {
  enrolled: boolean;
  active: boolean;
  /** The patient's zone; Pacific when unset. */
  timeZone?: string | null;
  preferences: Record<string, unknown> | null;
  deviceInfo: { reading?: { intervals?: unknown } } | null;
  /** When the patient's readings near the slot were taken (removed ones left out): a day with one is skipped. */
  readingsTakenAt: readonly Date[];
}

/**
 * The patient's reminder times in minutes. The form's labels first: they are exact, where an interval saved
 * on a spring-forward day for a skipped time (2:30) reads as 3:30. The intervals (the spec's field) serve a
 * record that has no labels.
 */
export function reminderTimesOf(p: Pick<ReminderPatient, 'preferences' | 'deviceInfo'>): number[] {
  const labels = p.preferences?.reminderTimes;
  const intervals = p.deviceInfo?.reading?.intervals;
  const source = Array.isArray(labels) && labels.length ? labels : intervals;
  if (!Array.isArray(source)) return [];
  return [...new Set(source.map(reminderMinutes).filter((m): m is number => m !== null))];
}

/** Consented to texts and to reading reminders (spec patients 2.1 and 3). */
export const wantsReminders = (preferences: Record<string, unknown> | null) =>
  preferences?.textConsent === 'Yes' && preferences?.remindersConsent === 'Yes';

/**
 * Whether a patient is due a reading reminder at the half-hour slot starting at `slot` (DESIGN 4): enrolled
 * and active, consented to texts and reminders, one of their reminder times happens at this instant on
 * today's calendar in their zone, today is one of their reminder days, and they have sent no reading today.
 */
export function isReminderDue(p: ReminderPatient, slot: Date): boolean {
  if (!p.enrolled || !p.active || !wantsReminders(p.preferences)) return false;
  const zone = p.timeZone || defaultTimeZone;
  const today = calendarDay(slot, zone);
  const days = p.preferences?.daysToTextReminders;
  if (!Array.isArray(days) || !days.includes(weekDayOf(today))) return false;
  const at = slot.getTime();
  if (!reminderTimesOf(p).some((m) => wallClockInstant(today, m, zone).getTime() === at)) return false;
  return !p.readingsTakenAt.some((taken) => calendarDay(taken, zone) === today);
}

/** The 'Select Time' choices of the test tools on /account: half-hour steps from 0:00 to 24:30. */
export const manualReminderTimes: readonly string[] = Array.from(
  { length: 50 },
  (_, i) => `${Math.floor(i / 2)}:${i % 2 ? '30' : '00'}`,
);

export const manualReminderTimeMessage = 'Choose a time in half-hour steps from 0:00 to 24:30';

/** `POST /manualCronJobs/smsReminders`: the slot as 'H:mm' (or 'HH:mm'), Pacific time. */
export const ManualRemindersBody = z.object({
  time: z
    .string({ error: manualReminderTimeMessage })
    .refine((t) => manualReminderTimes.includes(t.replace(/^0(\d)/, '$1')), manualReminderTimeMessage),
});
export type ManualRemindersBody = z.infer<typeof ManualRemindersBody>;

/** The manual run's answer: how many reminders went out for the slot. */
export interface ManualRemindersResult {
  sent: number;
  slot: string;
}

/**
 * The instant of a 'Select Time' choice: that Pacific wall-clock time of today's Pacific calendar day (24:00
 * and 24:30 fall on tomorrow), by the zone's rules, never a fixed eight-hour shift (DESIGN 4).
 */
export function manualReminderSlot(time: string, now: Date): Date {
  const [h, m] = time.split(':').map(Number);
  return wallClockInstant(calendarDay(now, defaultTimeZone), h! * 60 + m!, defaultTimeZone);
}

/** Translations exist for these; any other language gets English (DESIGN 4). */
const isSpanish = (language: string | null | undefined) => language?.trim().toLowerCase() === 'es';

/**
 * The first text to a patient's number: who writes, and how to stop (STOP) and get help (HELP). The keywords
 * stay in English in every language: they are what the carrier and our inbound handler recognise.
 */
export function welcomeText(p: { firstName: string; language?: string | null }, clinicName: string): string {
  return isSpanish(p.language)
    ? `Hola ${p.firstName}, bienvenido/a al programa de monitoreo remoto de ${clinicName}. ` +
        'Le enviaremos mensajes a este número sobre sus lecturas. Responda HELP para obtener ayuda o STOP ' +
        'para dejar de recibir mensajes. Pueden aplicarse tarifas de mensajes y datos.'
    : `Hi ${p.firstName}, welcome to ${clinicName}'s remote monitoring program. ` +
        'We will text you at this number about your readings. Reply HELP for help or STOP to stop receiving ' +
        'texts. Msg & data rates may apply.';
}

/** The reading reminder. */
export function reminderText(p: { firstName: string; language?: string | null }, clinicName: string): string {
  return isSpanish(p.language)
    ? `Hola ${p.firstName}, ${clinicName} le recuerda tomar su lectura de hoy.`
    : `Hi ${p.firstName}, this is ${clinicName} reminding you to take your reading today.`;
}

/**
 * The answer to HELP: who is texting, a number a person answers (the clinic's phone; its texting number
 * only when the clinic has none), and how to stop, in the patient's language.
 */
export function helpReply(
  p: { language?: string | null },
  clinic: { name: string; phone: string | null; textingNumber: string },
): string {
  const number = formatPhone(clinic.phone?.trim() || clinic.textingNumber);
  return isSpanish(p.language)
    ? `${clinic.name}: mensajes de monitoreo remoto. Para ayuda llame al ${number}. Responda STOP para dejar de recibirlos, START para reanudarlos.`
    : `${clinic.name}: remote monitoring texts. For help call ${number}. Reply STOP to stop, START to resume.`;
}

/** What the welcome rule reads of a patient, before and after a save. */
export interface WelcomeState {
  enrolled: boolean;
  active: boolean;
  phone: string | null;
  preferences: Record<string, unknown> | null;
}

/** Ten US digits, with or without the country code 1. */
const isUsNumber = (phone: string | null) => {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
};

/**
 * Whether a save calls for the welcome text (spec patients 4, Enrolled and active; DESIGN 4): the patient is
 * now enrolled and active, consented to texts and has a valid texting number, and either this save made them
 * enrolled and active (a new patient, an enrolment, an activation) or it gave the text consent now. Once per
 * enrolment and not to an opted-out number are the server's checks: they need the stored messages.
 */
export function isWelcomeDue(before: WelcomeState | null, after: WelcomeState): boolean {
  if (
    !after.enrolled ||
    !after.active ||
    after.preferences?.textConsent !== 'Yes' ||
    !isUsNumber(after.phone)
  )
    return false;
  return !before || !(before.enrolled && before.active) || before.preferences?.textConsent !== 'Yes';
}
