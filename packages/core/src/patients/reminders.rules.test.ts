import { describe, expect, it } from 'vitest';
import { calendarDay } from '../format/calendar.helpers.js';
import { reminderTimeToDate } from '../format/text.helpers.js';
import { weekDays } from './patients.constants.js';
import {
  helpReply,
  isReminderDue,
  isWelcomeDue,
  ManualRemindersBody,
  manualReminderSlot,
  manualReminderTimes,
  type ReminderPatient,
  reminderMinutes,
  reminderSlotAt,
  reminderText,
  reminderTimesOf,
  wallClockInstant,
  weekDayOf,
  welcomeText,
} from './reminders.rules.js';

const la = 'America/Los_Angeles';
const at = (iso: string) => new Date(iso);

const patient = (over: Partial<ReminderPatient> & { times?: string[]; days?: string[] } = {}) => {
  const { times = ['8:00 AM'], days = [...weekDays], ...rest } = over;
  return {
    enrolled: true,
    active: true,
    timeZone: la,
    preferences: {
      textConsent: 'Yes',
      remindersConsent: 'Yes',
      numberDailyReminders: times.length,
      reminderTimes: times,
      daysToTextReminders: days,
    },
    deviceInfo: null,
    readingsTakenAt: [],
    ...rest,
  } satisfies ReminderPatient;
};

describe('the slot a reminder time happens at', () => {
  it('is 8:00 Pacific as 16:00 UTC in winter and 15:00 UTC in summer', () => {
    expect(isReminderDue(patient(), at('2026-11-02T16:00:00Z'))).toBe(true);
    expect(isReminderDue(patient(), at('2026-11-02T15:00:00Z'))).toBe(false);
    expect(isReminderDue(patient(), at('2026-07-01T15:00:00Z'))).toBe(true);
    expect(isReminderDue(patient(), at('2026-07-01T16:00:00Z'))).toBe(false);
  });

  it('follows the zone rules on the day the clocks go forward (2026-03-08)', () => {
    // 1:30 is still standard time (UTC-8); 8:00 that day is daylight time (UTC-7).
    expect(isReminderDue(patient({ times: ['1:30 AM'] }), at('2026-03-08T09:30:00Z'))).toBe(true);
    expect(isReminderDue(patient(), at('2026-03-08T15:00:00Z'))).toBe(true);
    expect(isReminderDue(patient(), at('2026-03-08T16:00:00Z'))).toBe(false);
    // The day before, still winter.
    expect(isReminderDue(patient(), at('2026-03-07T16:00:00Z'))).toBe(true);
  });

  it('sends a time the spring-forward skips an hour later, once', () => {
    const twoThirty = patient({ times: ['2:30 AM'] });
    expect(isReminderDue(twoThirty, at('2026-03-08T10:30:00Z'))).toBe(true); // 3:30 PDT
    expect(isReminderDue(twoThirty, at('2026-03-08T10:00:00Z'))).toBe(false); // 3:00 PDT
    expect(isReminderDue(twoThirty, at('2026-03-08T09:30:00Z'))).toBe(false); // 1:30 PST
  });

  it('follows the zone rules on the day the clocks go back (2026-11-01)', () => {
    expect(isReminderDue(patient(), at('2026-11-01T16:00:00Z'))).toBe(true);
    expect(isReminderDue(patient(), at('2026-11-01T15:00:00Z'))).toBe(false);
    expect(isReminderDue(patient(), at('2026-10-31T15:00:00Z'))).toBe(true);
  });

  it('sends a time the fall-back repeats the first time only', () => {
    const oneThirty = patient({ times: ['1:30 AM'] });
    expect(isReminderDue(oneThirty, at('2026-11-01T08:30:00Z'))).toBe(true); // 1:30 PDT
    expect(isReminderDue(oneThirty, at('2026-11-01T09:30:00Z'))).toBe(false); // 1:30 PST
  });

  it("uses the patient's own zone", () => {
    const newYork = patient({ timeZone: 'America/New_York' });
    expect(isReminderDue(newYork, at('2026-11-02T13:00:00Z'))).toBe(true);
    expect(isReminderDue(newYork, at('2026-11-02T16:00:00Z'))).toBe(false);
    expect(isReminderDue(patient({ timeZone: null }), at('2026-11-02T16:00:00Z'))).toBe(true);
  });

  it('matches any of several daily times', () => {
    const thrice = patient({ times: ['8:00 AM', '12:30 PM', '9:00 PM'] });
    expect(isReminderDue(thrice, at('2026-11-02T20:30:00Z'))).toBe(true);
    expect(isReminderDue(thrice, at('2026-11-03T05:00:00Z'))).toBe(true); // 9 PM on Nov 2 in LA
    expect(isReminderDue(thrice, at('2026-11-02T20:00:00Z'))).toBe(false);
  });
});

describe('who is due a reminder', () => {
  const slot = at('2026-11-02T16:00:00Z'); // Monday 8:00 Pacific

  it('only on the chosen weekdays of the local calendar', () => {
    expect(isReminderDue(patient({ days: ['Monday'] }), slot)).toBe(true);
    expect(isReminderDue(patient({ days: ['Tuesday', 'Sunday'] }), slot)).toBe(false);
    // 9 PM Monday in LA is Tuesday in UTC: the patient's Monday counts.
    expect(isReminderDue(patient({ times: ['9:00 PM'], days: ['Monday'] }), at('2026-11-03T05:00:00Z'))).toBe(
      true,
    );
  });

  it('not after a reading that local day, but after one the day before', () => {
    const readToday = patient({ readingsTakenAt: [at('2026-11-02T08:05:00Z')] }); // 00:05 Monday Pacific
    expect(isReminderDue(readToday, slot)).toBe(false);
    const readYesterday = patient({ readingsTakenAt: [at('2026-11-02T07:55:00Z')] }); // 23:55 Sunday
    expect(isReminderDue(readYesterday, slot)).toBe(true);
  });

  it('only when enrolled and active, with text and reminder consent', () => {
    expect(isReminderDue(patient({ enrolled: false }), slot)).toBe(false);
    expect(isReminderDue(patient({ active: false }), slot)).toBe(false);
    const base = patient();
    expect(isReminderDue({ ...base, preferences: { ...base.preferences, textConsent: 'No' } }, slot)).toBe(
      false,
    );
    const noReminders = { ...base.preferences, remindersConsent: 'No' };
    expect(isReminderDue({ ...base, preferences: noReminders }, slot)).toBe(false);
  });

  it('reads the intervals as the patient form stores them when there are no labels', () => {
    const saved = reminderTimeToDate('8:00 AM', at('2026-07-15T20:00:00Z')).toISOString();
    const p = { ...patient({ times: [] }), deviceInfo: { reading: { intervals: [saved] } } };
    expect(reminderTimesOf(p)).toEqual([480]);
    expect(isReminderDue(p, slot)).toBe(true);
  });
});

describe('reminder times and slots', () => {
  it('reads labels, HH:mm and instants, only on half hours', () => {
    expect(reminderMinutes('12:00 AM')).toBe(0);
    expect(reminderMinutes('12:30 PM')).toBe(750);
    expect(reminderMinutes('21:30')).toBe(1290);
    expect(reminderMinutes('8:15 AM')).toBeNull();
    expect(reminderMinutes('soon')).toBeNull();
    expect(reminderMinutes(8)).toBeNull();
  });

  it('puts an instant in the half hour it falls in', () => {
    expect(reminderSlotAt(at('2026-11-02T16:29:59Z'))).toEqual(at('2026-11-02T16:00:00Z'));
    expect(reminderSlotAt(at('2026-11-02T16:30:00Z'))).toEqual(at('2026-11-02T16:30:00Z'));
  });

  it('names weekdays of calendar days', () => {
    expect(weekDayOf(calendarDay(at('2026-11-02T16:00:00Z'), la))).toBe('Monday');
    expect(weekDayOf(calendarDay(at('2026-11-01T16:00:00Z'), la))).toBe('Sunday');
  });

  it('rolls 24:30 over to the next day', () => {
    const day = calendarDay(at('2026-11-02T16:00:00Z'), la);
    expect(wallClockInstant(day, 24 * 60 + 30, la)).toEqual(at('2026-11-03T08:30:00Z'));
  });
});

describe("the test tools' Select Time", () => {
  it('offers half-hour steps from 0:00 to 24:30', () => {
    expect(manualReminderTimes[0]).toBe('0:00');
    expect(manualReminderTimes.at(-1)).toBe('24:30');
    expect(manualReminderTimes).toHaveLength(50);
  });

  it('takes H:mm or HH:mm on the half hour, nothing else', () => {
    for (const time of ['0:00', '09:30', '9:30', '24:30'])
      expect(ManualRemindersBody.safeParse({ time }).success).toBe(true);
    for (const time of ['9:15', '25:00', '24:31', 'noon', '', 930])
      expect(ManualRemindersBody.safeParse({ time }).success).toBe(false);
  });

  it('reads the time as Pacific by zone rules, not a fixed eight hours', () => {
    expect(manualReminderSlot('8:00', at('2026-11-02T17:00:00Z'))).toEqual(at('2026-11-02T16:00:00Z'));
    expect(manualReminderSlot('8:00', at('2026-07-01T17:00:00Z'))).toEqual(at('2026-07-01T15:00:00Z'));
    // 6:30 UTC on Nov 3 is still Nov 2 in LA.
    expect(manualReminderSlot('24:00', at('2026-11-03T06:30:00Z'))).toEqual(at('2026-11-03T08:00:00Z'));
  });
});

describe('the texts', () => {
  it('the welcome says how to stop and get help, in Spanish for ES', () => {
    const en = welcomeText({ firstName: 'Ana', language: 'EN' }, 'Sunrise Cardiology');
    expect(en).toContain('Reply HELP for help or STOP to stop');
    expect(en).toContain('Sunrise Cardiology');
    const es = welcomeText({ firstName: 'Ana', language: 'ES' }, 'Sunrise Cardiology');
    expect(es).toContain('Responda HELP para obtener ayuda o STOP');
  });

  it('the reminder is in Spanish for ES and English for any other language', () => {
    expect(reminderText({ firstName: 'Ana', language: 'ES' }, 'Harbor')).toBe(
      'Hola Ana, Harbor le recuerda tomar su lectura de hoy.',
    );
    expect(reminderText({ firstName: 'Ana', language: 'HY' }, 'Harbor')).toBe(
      'Hi Ana, this is Harbor reminding you to take your reading today.',
    );
    expect(reminderText({ firstName: 'Ana', language: null }, 'Harbor')).toContain('Hi Ana');
  });

  it("HELP gives the clinic's phone, else its texting number, in Spanish for ES", () => {
    const clinic = { name: 'Harbor', phone: '5035550103', textingNumber: '+15035550190' };
    expect(helpReply({ language: 'EN' }, clinic)).toBe(
      'Harbor: remote monitoring texts. For help call (503) 555-0103. Reply STOP to stop, START to resume.',
    );
    expect(helpReply({ language: 'ES' }, clinic)).toBe(
      'Harbor: mensajes de monitoreo remoto. Para ayuda llame al (503) 555-0103. Responda STOP para dejar de recibirlos, START para reanudarlos.',
    );
    expect(helpReply({ language: null }, { ...clinic, phone: ' ' })).toContain('call (503) 555-0190.');
  });
});

describe('the welcome text is due', () => {
  const enrolled = {
    enrolled: true,
    active: true,
    phone: '5035550111',
    preferences: { textConsent: 'Yes' },
  };

  it('when a patient is created or becomes enrolled and active, with text consent and a number', () => {
    expect(isWelcomeDue(null, enrolled)).toBe(true);
    expect(isWelcomeDue({ ...enrolled, enrolled: false, active: false }, enrolled)).toBe(true);
    expect(isWelcomeDue({ ...enrolled, active: false }, enrolled)).toBe(true);
  });

  it('when an enrolled patient gives text consent', () => {
    expect(isWelcomeDue({ ...enrolled, preferences: { textConsent: 'No' } }, enrolled)).toBe(true);
  });

  it('not on an edit that changes neither', () => {
    expect(isWelcomeDue(enrolled, { ...enrolled, phone: '5035550112' })).toBe(false);
  });

  it('not without consent, a valid number, enrolment or activity', () => {
    expect(isWelcomeDue(null, { ...enrolled, preferences: { textConsent: 'No' } })).toBe(false);
    expect(isWelcomeDue(null, { ...enrolled, phone: null })).toBe(false);
    expect(isWelcomeDue(null, { ...enrolled, phone: '555011' })).toBe(false);
    expect(isWelcomeDue(null, { ...enrolled, enrolled: false, active: false })).toBe(false);
    expect(isWelcomeDue(null, { ...enrolled, active: false })).toBe(false);
  });
});
