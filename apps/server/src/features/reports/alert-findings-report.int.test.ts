import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text.js';
import { createWorld, type World } from '../patients/patient-fixtures.js';
import { addReportPatient } from './patient-report-fixtures.js';

/**
 * A month's alerts in the New Version report (DESIGN 4, decision 0013) when the alert is found again in a
 * later month: one open alert per type, whose reading date moves on, is listed in each month it was found
 * in, at that month's finding.
 */
let w: World;
let patient = '';
let backlog = '';
beforeAll(async () => {
  w = await createWorld();
  patient = await addReportPatient(w, { firstName: 'Alba', lastName: 'Alpha' });
  backlog = await addReportPatient(w, { firstName: 'Bela', lastName: 'Bravo' });
});
afterAll(() => w.close());

const report = async (month: number, of = patient) => {
  const query = new URLSearchParams({
    type: 'data',
    month: String(month),
    year: '2026',
    physician: '',
    patient: of,
    version: 'new',
  });
  const res = await w.as('northPhysician').get(`/api/reports/patient?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const text = await pdfText(res.rawPayload);
  return text.slice(text.indexOf('Alerts ('));
};

const record = (takenAt: Date, systolic: number, diastolic: number, id: string) =>
  w.t.app.vigil.readings.recordMany([
    {
      patientId: patient,
      takenAt,
      systolic,
      diastolic,
      heartRate: 80,
      source: 'WITHINGS',
      vendorReadingId: id,
    },
  ]);

describe("a month's alerts", () => {
  it('keep the finding of their month when the alert is found again in the next', async () => {
    await record(new Date('2026-10-30T04:10:00Z'), 185, 112, 'alba-1');
    const october = await report(10);
    expect(october).toMatch(
      /Alerts \(1\) Date Category Alert Status 10\/29\/2026 9:10 PM Clinical High blood pressure/,
    );

    const november = new Date(w.t.clock.now().getTime() - 3_600_000);
    await record(november, 190, 115, 'alba-2');
    expect(await report(10)).toBe(october);
    const later = await report(11);
    expect(later).toContain('Alerts (1)');
    expect(later).toMatch(
      /Alerts \(1\) Date Category Alert Status 11\/02\/2026 8:00 AM Clinical High blood pressure/,
    );
  });

  it('keep it when both findings arrive in one delivery, as a backlog does', async () => {
    const november = new Date(w.t.clock.now().getTime() - 3_600_000);
    await w.t.app.vigil.readings.recordMany(
      [
        [new Date('2026-10-30T04:10:00Z'), 185, 112],
        [november, 190, 115],
      ].map(([takenAt, systolic, diastolic], i) => ({
        patientId: backlog,
        takenAt: takenAt as Date,
        systolic: systolic as number,
        diastolic: diastolic as number,
        heartRate: 80,
        source: 'WITHINGS' as const,
        vendorReadingId: `bela-${i}`,
      })),
    );
    expect(await report(10, backlog)).toMatch(/Alerts \(1\) Date Category Alert Status 10\/29\/2026 9:10 PM/);
    expect(await report(11, backlog)).toMatch(/Alerts \(1\) Date Category Alert Status 11\/02\/2026 8:00 AM/);
  });
});
