import { describe, expect, it } from 'vitest';
import { billingCodes } from '../billing/billing.rules.js';
import {
  billingCsvHeader,
  billingCsvRow,
  billingReportFileName,
  escapeCsvFormula,
  monitoringReportFileName,
} from './billing-report.js';

const patient = {
  fullName: 'Rosa Diaz',
  dateOfBirth: '04/12/1950',
  mr: 'MR-1',
  physician: 'Priya Raman',
  enrolledAt: new Date('2026-05-10T17:00:00Z'),
  deviceDays: 11,
  trackedSeconds: 14 * 60 + 59,
  completedCall: true,
  timeZone: 'America/Los_Angeles',
};

describe('the billing CSV row', () => {
  it('gives each earned code its units and says what the others lack', () => {
    const result = billingCodes({
      deviceReadingDays: 11,
      trackedSeconds: 14 * 60 + 59,
      interactiveCommunication: true,
      enrolledAt: patient.enrolledAt,
      billed99453Before: true,
      month: 6,
      year: 2026,
    });
    const row = billingCsvRow(patient, result);
    expect(row).toHaveLength(billingCsvHeader.length);
    expect(Object.fromEntries(billingCsvHeader.map((h, i) => [h, row[i]]))).toEqual({
      'Patient Name': 'Rosa Diaz',
      DOB: '04/12/1950',
      MR: 'MR-1',
      Physician: 'Priya Raman',
      'Enrollment Date': '05/10/2026',
      'Device Days': '11',
      'Tracked Minutes': '14',
      'Completed Call': 'Yes',
      '99453': '',
      '99454': '',
      '99445': '1',
      '99457': '',
      '99458': '',
      '99470': '1',
      Missing: '99454: 11 of 16 days; 99457: 14 of 20 minutes; 99458: 14 of 40 minutes',
    });
  });
});

describe('CSV formula injection', () => {
  it.each(['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx'])('escapes %j', (cell) =>
    expect(escapeCsvFormula(cell)).toBe(`'${cell}`),
  );
  it.each(['Rosa', '04/12/1950', '', "O'Neil", ' =1'])('leaves %j', (cell) =>
    expect(escapeCsvFormula(cell)).toBe(cell),
  );
});

describe('the billing file name', () => {
  it('names clinic, physician and month, without characters a file system refuses', () => {
    expect(
      billingReportFileName({
        clinicName: 'Sunrise Cardiology',
        physicianName: 'Priya Raman',
        month: 6,
        year: 2026,
      }),
    ).toBe('Billing - Sunrise Cardiology - Priya Raman - 2026-06.csv');
    expect(
      billingReportFileName({ clinicName: 'A/B: "Clinic"', physicianName: null, month: 11, year: 2026 }),
    ).toBe('Billing - A B Clinic - All physicians - 2026-11.csv');
  });

  it('names a monitoring batch report the same way, as a PDF', () =>
    expect(
      monitoringReportFileName({
        clinicName: 'Sunrise Cardiology',
        physicianName: 'Priya Raman',
        month: 11,
        year: 2026,
      }),
    ).toBe('Monitoring - Sunrise Cardiology - Priya Raman - 2026-11.pdf'));
});
