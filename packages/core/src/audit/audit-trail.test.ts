import { describe, expect, it } from 'vitest';
import {
  AuditTrailQuery,
  auditActorName,
  auditRoleLabel,
  auditTrailInstants,
  defaultAuditTrailRange,
  groupAuditLogsByDay,
  trackedTimeByDay,
} from './audit-trail.js';

describe('the audit trail range', () => {
  it('defaults to yesterday and today in Pacific days', () => {
    // 06:30Z on the 3rd is still the 2nd in Los Angeles.
    expect(defaultAuditTrailRange(new Date('2026-11-03T06:30:00Z'))).toEqual({
      fromDate: '2026-11-01',
      endDate: '2026-11-02',
    });
  });

  it('covers whole Pacific days, 25 hours on the day the clocks go back', () => {
    const { from, to } = auditTrailInstants({ fromDate: '2026-11-01', endDate: '2026-11-01' });
    expect(from.toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(to.toISOString()).toBe('2026-11-02T08:00:00.000Z');
    expect((to.getTime() - from.getTime()) / 3_600_000).toBe(25);
  });

  it('refuses a reversed range, a range over a year and malformed dates', () => {
    const issue = (q: unknown) => AuditTrailQuery.safeParse(q).error?.issues[0]?.message;
    expect(issue({ fromDate: '2026-11-02', endDate: '2026-11-01' })).toBe(
      'The start date must not be after the end date',
    );
    expect(issue({ fromDate: '2025-01-01', endDate: '2026-01-02' })).toBe(
      'The range can span at most 366 days',
    );
    // 2024 is a leap year: its 366 days are one range.
    expect(AuditTrailQuery.safeParse({ fromDate: '2024-01-01', endDate: '2024-12-31' }).success).toBe(true);
    expect(AuditTrailQuery.safeParse({ fromDate: '11/01/2026', endDate: '2026-11-02' }).success).toBe(false);
    expect(AuditTrailQuery.safeParse({ fromDate: '2026-02-30', endDate: '2026-03-02' }).success).toBe(false);
  });
});

describe('grouping by Pacific day', () => {
  it('splits at Pacific midnight, not at UTC midnight', () => {
    const logs = [
      { date: '2026-11-04T08:30:00Z' }, // 00:30 on the 4th in Los Angeles (PST, UTC-8)
      { date: '2026-11-04T07:30:00Z' }, // 23:30 on the 3rd
      { date: '2026-11-03T23:59:00Z' }, // 15:59 on the 3rd
    ];
    expect(groupAuditLogsByDay(logs).map((g) => [g.day, g.logs.length])).toEqual([
      ['11/04/2026', 1],
      ['11/03/2026', 2],
    ]);
  });

  it('keeps the 25-hour day of the daylight-saving change together', () => {
    // 00:30 PDT and 23:30 PST on Sunday 1 November 2026 are 24 hours and 59 minutes apart, one day.
    const first = '2026-11-01T07:30:00Z';
    const last = '2026-11-02T07:29:00Z';
    expect(groupAuditLogsByDay([{ date: last }, { date: first }])).toEqual([
      { day: '11/01/2026', logs: [{ date: last }, { date: first }] },
    ]);
    expect(
      trackedTimeByDay([
        { at: first, seconds: 60 },
        { at: last, seconds: 30 },
        { at: '2026-11-02T08:00:00Z', seconds: 5 },
        // The spring change: 23:00 PDT on 8 March is still the 8th.
        { at: '2026-03-09T06:00:00Z', seconds: 7 },
      ]),
    ).toEqual({ '11/01/2026': 90, '11/02/2026': 5, '03/08/2026': 7 });
  });
});

describe('who acted', () => {
  const user = (type: 'CARE_NAVIGATOR' | 'PHYSICIAN' | 'STAFF') => ({
    firstName: 'Ana',
    lastName: 'Ortiz',
    role: { type },
  });

  it('names the role with the clinic, except for a care navigator', () => {
    const clinic = { name: 'Sunrise Clinic' };
    expect(auditRoleLabel({ user: user('PHYSICIAN'), clinic })).toBe('Physician, Sunrise Clinic');
    expect(auditRoleLabel({ user: user('STAFF'), clinic })).toBe('Staff, Sunrise Clinic');
    expect(auditRoleLabel({ user: user('CARE_NAVIGATOR'), clinic })).toBe('Care Navigator');
    expect(auditRoleLabel({ user: user('STAFF'), clinic: null })).toBe('Staff');
    expect(auditActorName({ user: user('STAFF') })).toBe('Ana Ortiz');
  });

  it('names the product when no user acted', () => {
    expect(auditRoleLabel({ user: null, clinic: null })).toBe('Vigil (automatic)');
    expect(auditActorName({ user: null })).toBe('Vigil (automatic)');
  });
});
