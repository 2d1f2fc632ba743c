import { describe, expect, it } from 'vitest';
import { calendarDay, lastDays, monthDays, startOfCalendarDay } from './calendar.helpers.js';
import { numberOrText } from './fields.schema.js';
import {
  deriveSlug,
  formatDate,
  formatDateTime,
  formatDuration,
  formatPhone,
  heightInInches,
  heightText,
  reminderTimeSlots,
  reminderTimeToDate,
} from './text.helpers.js';
import { z } from './zod.js';

describe('text helpers', () => {
  it.each([
    ['Sunrise Cardiology', 'sunrise-cardiology'],
    ["St. Mary's  Heart & Vascular", 'st-marys-heart-vascular'],
    ['  Clínica José  ', 'clinica-jose'],
    ['Harbor-Family 2', 'harbor-family-2'],
  ])('derives the slug of %j: %s', (name, slug) => expect(deriveSlug(name)).toBe(slug));

  it.each([
    ['5551234567', '(555) 123-4567'],
    ['1-555-123-4567', '(555) 123-4567'],
    ['+1 (555) 123.4567', '(555) 123-4567'],
    ['12345', '12345'],
    [null, ''],
  ])('formats the phone %j as %j', (value, text) => expect(formatPhone(value)).toBe(text));

  it('formats dates as MM/DD/YYYY in the clinic zone, Los Angeles by default', () => {
    expect(formatDate(new Date('2026-03-08T07:30:00Z'))).toBe('03/07/2026');
    expect(formatDate('2026-03-08T07:30:00Z', 'America/New_York')).toBe('03/08/2026');
  });

  it('formats a moment as MM/DD/YYYY h:mm AM in the zone', () => {
    expect(formatDateTime(new Date('2026-03-08T07:30:00Z'))).toBe('03/07/2026 11:30 PM');
    expect(formatDateTime('2026-03-08T14:05:00Z', 'America/New_York')).toBe('03/08/2026 10:05 AM');
  });

  it.each([
    [0, '00:00:00'],
    [59, '00:00:59'],
    [3661, '01:01:01'],
    [-5, '00:00:00'],
    [360_000, '100:00:00'],
  ])('formats %i seconds as %s', (seconds, text) => expect(formatDuration(seconds)).toBe(text));

  it('computes the height in inches and its text', () => {
    expect(heightInInches(5, 7)).toBe(67);
    expect(heightText(5, 7)).toBe('5\'7"');
  });

  it('offers 48 half-hour reminder slots', () => {
    expect(reminderTimeSlots).toHaveLength(48);
    expect(reminderTimeSlots.slice(0, 3)).toEqual(['12:00 AM', '12:30 AM', '1:00 AM']);
    expect(reminderTimeSlots.slice(23, 25)).toEqual(['11:30 AM', '12:00 PM']);
    expect(reminderTimeSlots.at(-1)).toBe('11:30 PM');
  });

  it.each([
    ['8:30 AM', '2026-06-30T15:30:00.000Z'],
    ['12:00 AM', '2026-06-30T07:00:00.000Z'],
    ['12:30 PM', '2026-06-30T19:30:00.000Z'],
    ['11:30 pm', '2026-07-01T06:30:00.000Z'],
  ])('converts %s on the Pacific day to %s', (slot, iso) =>
    expect(reminderTimeToDate(slot, new Date('2026-06-30T20:00:00Z')).toISOString()).toBe(iso),
  );

  it('converts on the Pacific day, in standard time after the DST change', () =>
    expect(reminderTimeToDate('8:00 AM', new Date('2026-11-02T05:00:00Z')).toISOString()).toBe(
      '2026-11-01T16:00:00.000Z',
    ));

  it('refuses a time that is not a slot', () =>
    expect(() => reminderTimeToDate('25:00', new Date())).toThrow(RangeError));
});

describe('calendar days', () => {
  it('numbers days on the zone calendar', () => {
    const day = calendarDay(new Date('2026-03-08T07:30:00Z'), 'America/Los_Angeles');
    expect(day).toBe(monthDays(3, 2026).first + 6);
    expect(lastDays(7, new Date('2026-03-08T07:30:00Z'), 'America/Los_Angeles')).toEqual({
      first: day - 6,
      last: day,
    });
    expect(monthDays(2, 2026).last - monthDays(2, 2026).first).toBe(27);
  });

  it('finds the instant a day starts, across DST', () => {
    const day = calendarDay(new Date('2026-03-08T12:00:00Z'), 'America/Los_Angeles');
    expect(startOfCalendarDay(day, 'America/Los_Angeles').toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(startOfCalendarDay(day + 1, 'America/Los_Angeles').toISOString()).toBe('2026-03-09T07:00:00.000Z');
  });
});

describe('a number or its text', () => {
  const count = numberOrText(z.number().int().min(1).max(5));
  const message = (input: unknown) => count.safeParse(input).error?.issues[0]?.message;

  it('reads a number, and the text of one', () => {
    expect(count.parse(3)).toBe(3);
    expect(count.parse(' 4 ')).toBe(4);
  });

  it.each([
    [true, 'Invalid input: expected number, received boolean'],
    [[2], 'Invalid input: expected number, received array'],
    ['two', 'Invalid input: expected number, received string'],
    ['', 'Required'],
    [null, 'Required'],
    ['9', 'Too big: expected number to be <=5'],
  ])('refuses %o: %s', (input, expected) => expect(message(input)).toBe(expected));
});
