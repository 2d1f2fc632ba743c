import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { defaultTimeZone } from './calendar.helpers.js';

/** A clinic's slug from its name: accents and special characters dropped, spaces to hyphens, lower case. */
export function deriveSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase();
}

/** Only the digits of a phone number, as the patient form submits them. */
export const phoneDigits = (value: string) => value.replace(/\D/g, '');

/** (xxx) xxx-xxxx from any spelling of a US number; anything that is not one is shown as given. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const digits = phoneDigits(value);
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return value;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

/** MM/DD/YYYY in the clinic's time zone, the one date format of the product. */
export function formatDate(date: Date | string | number, timeZone: string = defaultTimeZone): string {
  return format(new TZDate(new Date(date).getTime(), timeZone), 'MM/dd/yyyy');
}

/** MM/DD/YYYY h:mm AM in the time zone: a moment, as the audit trail names one. */
export function formatDateTime(date: Date | string | number, timeZone: string = defaultTimeZone): string {
  return format(new TZDate(new Date(date).getTime(), timeZone), 'MM/dd/yyyy h:mm a');
}

/** Tracked time as hh:mm:ss; hours keep counting past 99. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

export const heightInInches = (feet: number, inches: number) => 12 * feet + inches;

/** Height as the patient form sends it, e.g. 5'7". */
export const heightText = (feet: number, inches: number) => `${feet}'${inches}"`;

/** The half-hour reminder slots of a day, '12:00 AM' to '11:30 PM'. */
export const reminderTimeSlots: readonly string[] = Array.from({ length: 48 }, (_, i) => {
  const hour = Math.floor(i / 2);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${i % 2 === 0 ? '00' : '30'} ${hour < 12 ? 'AM' : 'PM'}`;
});

const slotPattern = /^(1[0-2]|0?[1-9]):([0-5]\d)\s*(AM|PM)$/i;

/**
 * A reminder slot ('8:30 AM') on the Pacific calendar day of `on`, as an instant. Reminders are kept
 * as instants so the SMS job can compare them with the clock in any zone.
 */
export function reminderTimeToDate(slot: string, on: Date): Date {
  const match = slotPattern.exec(slot.trim());
  if (!match) throw new RangeError(`Not a reminder time: ${slot}`);
  const [, h, m, meridiem] = match;
  const hour = (Number(h) % 12) + (meridiem!.toUpperCase() === 'PM' ? 12 : 0);
  const day = new TZDate(on.getTime(), defaultTimeZone);
  return new Date(
    new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), hour, Number(m), defaultTimeZone).getTime(),
  );
}

/** One of `reminderTimeSlots`, however written ('08:30 am'): the reminders job serves only these. */
export const isReminderTimeSlot = (slot: string) => /^(1[0-2]|0?[1-9]):(00|30)\s*(AM|PM)$/i.test(slot.trim());

/** A slot as `reminderTimeSlots` writes it, to compare two spellings of one time. */
const slotKey = (slot: string) => slot.trim().toUpperCase().replace(/^0/, '').replace(/\s+/, ' ');

/** The positions of reminder slots that repeat an earlier one: two reminders at one time are one text. */
export const repeatedReminderSlots = (slots: readonly string[]) => {
  const seen = new Set<string>();
  return slots.flatMap((slot, i) => {
    const key = slotKey(slot);
    if (seen.has(key)) return [i];
    seen.add(key);
    return [];
  });
};
