import { and, asc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { clinics, patients, readings, users } from '../../db/schema/index.js';
import { isUuid } from '../../db/uuid.js';
import { type PatientScope, scopeCondition } from '../patients/patient-scope.js';
import { patientNameOrder } from '../patients/patient-search-text.js';

export interface ReportClinic {
  id: string;
  name: string;
  timeZone: string;
}

export interface ReportPhysician {
  id: string;
  firstName: string;
  lastName: string;
}

/**
 * The patients a billing or monitoring report covers (decision 0013): those of the clinic who have an
 * enrolment (current or past: a patient unenrolled this month may still have earned codes in it), of the
 * physician when one is named.
 */
export function reportPatientsCondition(clinicId: string, physicianId: string | null): SQL {
  const conditions: SQL[] = [eq(patients.clinicId, clinicId), isNotNull(patients.enrolledAt)];
  if (physicianId) conditions.push(eq(patients.assignedPhysicianId, physicianId));
  return and(...conditions)!;
}

/** Reports list patients in name order, as the lists sort by name: first name, then last name. */
export const reportPatientsOrder = [asc(patientNameOrder), asc(patients.id)];

/** What every report call looks up first: the clinic, its physician, the first reading in a scope. */
export function createReportsRepository(db: DbOrTx) {
  return {
    async findClinicById(id: string): Promise<ReportClinic | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select({ id: clinics.id, name: clinics.name, timeZone: clinics.timeZone })
        .from(clinics)
        .where(eq(clinics.id, id));
      return row;
    },

    /** A physician of the clinic (deactivated ones too: a past month's report still names them). */
    async findPhysicianInClinic(clinicId: string, id: string): Promise<ReportPhysician | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(and(eq(users.id, id), eq(users.clinicId, clinicId), eq(users.roleType, 'PHYSICIAN')));
      return row;
    },

    /**
     * The earliest reading not removed of the patients in the scope. Each patient's first reading comes from
     * the (patient, taken_at) index, so this is one index probe per patient, never a scan of all readings.
     */
    async findFirstReadingAt(scope: PatientScope): Promise<Date | null> {
      const [row] = await db
        .select({
          // Named in full: drizzle leaves columns unqualified in a one-table select.
          first: sql<Date | null>`min((
            select r.taken_at from ${readings} r
            where r.patient_id = "patients"."id" and r.removed_at is null
            order by r.taken_at limit 1
          ))`.mapWith(readings.takenAt),
        })
        .from(patients)
        .where(scopeCondition(scope));
      return row?.first ?? null;
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
