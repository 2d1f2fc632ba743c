import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { lastTwelveMonths, reportMonths } from './reports.constants.js';
import { AdminReportForm, PatientReportForm, PatientReportQuery } from './reports.schema.js';

describe('report forms', () => {
  it('requires clinic and physician, and a month for billing', () => {
    const issues = AdminReportForm.safeParse({ kind: 'billing', clinic: '', physician: '' }).error?.issues;
    expect(issues?.map((i) => [i.path[0], i.message])).toEqual([
      ['clinic', messages.required],
      ['physician', messages.required],
      ['month', messages.required],
    ]);
    expect(AdminReportForm.parse({ kind: 'monitoring', clinic: 'c', physician: 'p' }).version).toBe('old');
  });

  it('requires type, month and version of a patient report', () => {
    expect(PatientReportForm.safeParse({}).error?.issues.map((i) => i.message)).toEqual([
      messages.required,
      messages.required,
      messages.required,
    ]);
    expect(PatientReportForm.parse({ type: 'weight', month: '2026-06', version: 'new' }).type).toBe('weight');
  });

  it('reads the patient report query', () =>
    expect(
      PatientReportQuery.parse({
        type: 'data',
        month: '6',
        year: '2026',
        patient: 'p1',
        version: 'old',
        sendMail: 'true',
      }),
    ).toMatchObject({ month: 6, year: 2026, sendMail: true }));

  it('lists report months newest first', () => {
    const now = new Date('2026-02-15T12:00:00Z');
    expect(lastTwelveMonths(now)).toHaveLength(12);
    expect(lastTwelveMonths(now)[0]).toEqual({ month: 2, year: 2026 });
    expect(lastTwelveMonths(now).at(-1)).toEqual({ month: 3, year: 2025 });
    const all = reportMonths(now, { month: 1, year: 2018 });
    expect(all.at(-1)).toEqual({ month: 1, year: 2018 });
    expect(all).toHaveLength(8 * 12 + 2);
  });
});
