import type { PatientFormInput } from '@vigil/core';
import { addPatient, patientBody, type Who, type World } from '../patients/patient-fixtures.js';

let reportPatients = 0;

/**
 * A North patient who agreed to email and to the monthly report, with an address; answers the id. Each has
 * an MR of their own unless `change` names one (an MR is one patient's in a clinic).
 */
export function addReportPatient(
  world: World,
  change: Partial<PatientFormInput> = {},
  who: Who = 'northStaff',
): Promise<string> {
  return addPatient(
    world,
    who,
    patientBody({
      // 'nguyen.report@example.test' for Nguyễn: an address is ASCII.
      email: `${String(change.firstName ?? 'rosa')
        .normalize('NFD')
        .replace(/[^a-z]/gi, '')
        .toLowerCase()}.report@example.test`,
      mr: `MR-R${++reportPatients}`,
      preferences: { textConsent: 'Yes', emailConsent: 'Yes', monthlyReportConsent: 'Yes' },
      ...change,
    }),
  );
}

/** Instants given in Pacific daylight time (October 2026 is PDT, UTC-7). */
const pdt = (isoLocal: string) => new Date(`${isoLocal}-07:00`);

/**
 * October 2026 for a patient, with readings either side that an October report must leave out (or, for the
 * weight changes, look back on). The values are the ones the tests look for in the PDF.
 */
export const octoberReadings = [
  { takenAt: pdt('2026-09-20T09:00:00'), systolic: 121, diastolic: 79, heartRate: 70, source: 'WITHINGS' },
  { takenAt: pdt('2026-09-24T07:30:00'), weightLbs: 178.0, source: 'BODYTRACE' },
  { takenAt: pdt('2026-10-01T07:30:00'), weightLbs: 179.5, source: 'BODYTRACE' },
  { takenAt: pdt('2026-10-05T08:15:00'), systolic: 128, diastolic: 82, heartRate: 72, source: 'WITHINGS' },
  { takenAt: pdt('2026-10-12T19:40:00'), systolic: 142, diastolic: 91, heartRate: 88, source: 'MANUAL' },
  { takenAt: pdt('2026-10-20T08:05:00'), systolic: 118, diastolic: 76, heartRate: 65, source: 'WITHINGS' },
  { takenAt: pdt('2026-10-21T07:30:00'), weightLbs: 180.2, source: 'BODYTRACE' },
  { takenAt: pdt('2026-10-22T07:30:00'), weightLbs: 181.0, source: 'BODYTRACE' },
  { takenAt: pdt('2026-10-28T07:30:00'), weightLbs: 184.6, source: 'BODYTRACE' },
  { takenAt: pdt('2026-10-29T07:30:00'), weightLbs: 187.3, source: 'BODYTRACE' },
  // Inside the alert window of the tests' clock (11/02/2026): raises a high blood pressure alert.
  { takenAt: pdt('2026-10-29T21:10:00'), systolic: 185, diastolic: 112, heartRate: 104, source: 'WITHINGS' },
  {
    takenAt: new Date('2026-11-01T16:00:00Z'),
    systolic: 150,
    diastolic: 95,
    heartRate: 90,
    source: 'WITHINGS',
  },
];

/** Stores the October readings through `record`, as a device or staff would. */
export async function recordOctober(world: World, patientId: string): Promise<void> {
  let n = 0;
  await world.t.app.vigil.readings.recordMany(
    octoberReadings.map((r) => ({
      ...r,
      patientId,
      vendorReadingId: r.source === 'MANUAL' ? null : `${patientId}-${n++}`,
    })),
  );
}
