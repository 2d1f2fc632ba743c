import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditEvents, clinics, timeEntries, users } from '../../db/schema/index.js';
import type { PatientScope } from '../patients/patient-scope.js';
import { findScopedPatient } from '../patients/scoped-patient.repository.js';

/** The reads of the audit trail screen: one patient's events and time entries within [from, to). */
export function createAuditTrailRepository(db: DbOrTx) {
  return {
    findPatient(scope: PatientScope, patientId: string) {
      return findScopedPatient(db, scope, patientId);
    },

    /**
     * Newest first, with the acting user's name, role and clinic (none when the product acted). Events of the
     * same instant come in the order they were written, newest first, not by the random id: by the chain's
     * `seq` once sealed (the seal follows that order), by `written` before (unsealed ones are the newest).
     */
    events(patientId: string, from: Date, to: Date) {
      return db
        .select({
          id: auditEvents.id,
          occurredAt: auditEvents.occurredAt,
          details: auditEvents.details,
          action: auditEvents.action,
          firstName: users.firstName,
          lastName: users.lastName,
          roleType: users.roleType,
          clinicName: clinics.name,
        })
        .from(auditEvents)
        .leftJoin(users, eq(users.id, auditEvents.actorUserId))
        .leftJoin(clinics, eq(clinics.id, users.clinicId))
        .where(
          and(
            eq(auditEvents.patientId, patientId),
            gte(auditEvents.occurredAt, from),
            lt(auditEvents.occurredAt, to),
          ),
        )
        .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.seq), desc(auditEvents.written));
    },

    /** Every time entry of the patient in the range, by anyone and of any kind. */
    timeEntries(patientId: string, from: Date, to: Date) {
      return db
        .select({ at: timeEntries.at, seconds: timeEntries.seconds })
        .from(timeEntries)
        .where(and(eq(timeEntries.patientId, patientId), gte(timeEntries.at, from), lt(timeEntries.at, to)));
    },
  };
}
