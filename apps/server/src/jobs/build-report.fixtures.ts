import { randomUUID } from 'node:crypto';
import { readings } from '../db/schema/index.js';
import {
  addPatient,
  backdateEnrolment,
  fixtureIds as ids,
  patientBody,
  type World,
} from '../features/patients/patient-fixtures.js';

/**
 * A North patient of `physician` for the batch tests: enrolled in September 2026, with device readings on
 * October 3 and 4.
 */
export async function addMonitoredPatient(
  w: World,
  firstName: string,
  lastName: string,
  physician: string = ids.northPhysician,
): Promise<string> {
  const db = w.t.app.vigil.database.db;
  const id = await addPatient(
    w,
    'northPhysician',
    patientBody({ firstName, lastName, assignedPhysician: physician }),
  );
  await backdateEnrolment(w, id, new Date('2026-09-20T17:00:00Z'));
  await db.insert(readings).values(
    [3, 4].map((day) => ({
      clinicId: ids.north,
      patientId: id,
      takenAt: new Date(`2026-10-0${day}T18:00:00Z`),
      systolic: 131 + day,
      diastolic: 82,
      heartRate: 70,
      source: 'WITHINGS',
      vendorReadingId: randomUUID(),
    })),
  );
  return id;
}
