import { describe, expect, it } from 'vitest';
import { formatAppointment } from './forms.schema.js';

describe('an appointment answer in words', () => {
  it('reads a date and time as written, with its weekday', () =>
    expect(formatAppointment('2026-12-01T10:30')).toBe('Tue, Dec 1, 2026, 10:30 AM'));

  it('reads noon, midnight and the afternoon on a 12-hour clock', () => {
    expect(formatAppointment('2026-12-01T12:05')).toBe('Tue, Dec 1, 2026, 12:05 PM');
    expect(formatAppointment('2026-12-01T00:15')).toBe('Tue, Dec 1, 2026, 12:15 AM');
    expect(formatAppointment('2027-01-04T16:45:00')).toBe('Mon, Jan 4, 2027, 4:45 PM');
  });

  it('reads a date alone without a time', () =>
    expect(formatAppointment('2026-02-28')).toBe('Sat, Feb 28, 2026'));

  it('answers anything else as it came', () => {
    expect(formatAppointment('next Tuesday')).toBe('next Tuesday');
    expect(formatAppointment('2026-02-30')).toBe('2026-02-30');
    expect(formatAppointment('2026-12-01T25:00')).toBe('2026-12-01T25:00');
  });
});
