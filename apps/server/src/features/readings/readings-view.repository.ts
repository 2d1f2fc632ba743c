import { and, asc, eq, gte, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { clinics, patients, type ReadingRow, readings } from '../../db/schema/index.js';
import { isUuid } from '../../db/uuid.js';
import { type PatientScope, scopeCondition } from '../patients/patient-scope.js';

/** A patient as the readings routes need them: who they are and where their clinic's days begin. */
export interface ReadingsPatient {
  id: string;
  clinicId: string;
  timeZone: string;
}

/**
 * The reads of the readings routes (the detail page's table and chart, removal). Writes go through the
 * readings service (`record`, `remove`), which keeps alerts and metrics in step.
 */
export function createReadingsViewRepository(db: DbOrTx) {
  return {
    async findPatient(scope: PatientScope, patientId: string): Promise<ReadingsPatient | undefined> {
      if (!isUuid(patientId)) return undefined;
      const [row] = await db
        .select({ id: patients.id, clinicId: patients.clinicId, timeZone: clinics.timeZone })
        .from(patients)
        .innerJoin(clinics, eq(clinics.id, patients.clinicId))
        .where(and(eq(patients.id, patientId), scopeCondition(scope)));
      return row;
    },

    /** The patient's readings not removed in [start, end), oldest first. */
    findByPatientInRange(patientId: string, start: Date, end: Date): Promise<ReadingRow[]> {
      return db
        .select()
        .from(readings)
        .where(
          and(
            eq(readings.patientId, patientId),
            isNull(readings.removedAt),
            gte(readings.takenAt, start),
            lt(readings.takenAt, end),
          ),
        )
        .orderBy(asc(readings.takenAt), asc(readings.createdAt));
    },

    /** A reading of a patient inside the scope, removed or not; none for anyone else's. */
    async findInScope(scope: PatientScope, readingId: string): Promise<ReadingRow | undefined> {
      if (!isUuid(readingId)) return undefined;
      const [row] = await db
        .select({ reading: readings })
        .from(readings)
        .innerJoin(patients, eq(patients.id, readings.patientId))
        .where(and(eq(readings.id, readingId), scopeCondition(scope)));
      return row?.reading;
    },
  };
}
