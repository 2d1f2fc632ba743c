import type { CustomAlert } from '@vigil/core';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type AlertRow, alerts, clinics, patients, staffNotes } from '../../db/schema/index.js';
import { isUuid } from '../../db/uuid.js';
import { type PatientScope, scopeCondition } from '../patients/patient-scope.js';

/** What an alert change needs of its patient: the tenant, the zone of its dates, the thresholds of its wording. */
export interface AlertPatient {
  id: string;
  clinicId: string;
  timeZone: string;
  customAlerts: CustomAlert[] | null;
  clinicCustomAlerts: CustomAlert[];
}

export function createAlertsRepository(db: DbOrTx) {
  return {
    /** The patient's texts up to `at` are addressed; a later mark stays (decision 0011). */
    async markTextsAddressed(patientId: string, at: Date): Promise<void> {
      await db
        .update(patients)
        .set({
          smsLastAddressedAt: sql`greatest(${patients.smsLastAddressedAt}, ${at.toISOString()}::timestamptz)`,
        })
        .where(eq(patients.id, patientId));
    },

    /** The patient of an alert inside the scope; undefined for an unknown, malformed or other clinic's id. */
    async findPatientIdOfAlert(scope: PatientScope, alertId: string): Promise<string | undefined> {
      if (!isUuid(alertId)) return undefined;
      const [row] = await db
        .select({ patientId: alerts.patientId })
        .from(alerts)
        .innerJoin(patients, eq(patients.id, alerts.patientId))
        .where(and(eq(alerts.id, alertId), scopeCondition(scope)));
      return row?.patientId;
    },

    /**
     * Locks the patient's row for the transaction, as `record` does before it touches alerts, so an alert
     * change and a reading of one patient apply one after the other (and lock in the same order).
     */
    async lockPatient(scope: PatientScope, patientId: string): Promise<AlertPatient | undefined> {
      if (!isUuid(patientId)) return undefined;
      const [row] = await db
        .select({
          id: patients.id,
          clinicId: patients.clinicId,
          timeZone: patients.timeZone,
          customAlerts: patients.customAlerts,
          clinicCustomAlerts: clinics.customAlerts,
        })
        .from(patients)
        .innerJoin(clinics, eq(clinics.id, patients.clinicId))
        .where(and(eq(patients.id, patientId), scopeCondition(scope)))
        .for('update', { of: patients });
      return row;
    },

    async findById(alertId: string): Promise<AlertRow | undefined> {
      const [row] = await db.select().from(alerts).where(eq(alerts.id, alertId));
      return row;
    },

    async insert(values: typeof alerts.$inferInsert): Promise<AlertRow> {
      const [row] = await db.insert(alerts).values(values).returning();
      return row!;
    },

    async update(
      alertId: string,
      changes: Partial<Pick<AlertRow, 'snoozedUntil' | 'dismissedAt' | 'dismissedBy' | 'dismissNote'>>,
      now: Date,
    ): Promise<AlertRow> {
      const [row] = await db
        .update(alerts)
        .set({ ...changes, updatedAt: now })
        .where(eq(alerts.id, alertId))
        .returning();
      return row!;
    },

    /** The clearing note as a staff note (type NOTE) of the patient, by the user who cleared the alert. */
    async insertStaffNote(values: {
      clinicId: string;
      patientId: string;
      text: string;
      authorId: string;
      at: Date;
    }): Promise<string> {
      const [row] = await db
        .insert(staffNotes)
        .values({
          clinicId: values.clinicId,
          patientId: values.patientId,
          text: values.text,
          authorId: values.authorId,
          createdAt: values.at,
          updatedAt: values.at,
        })
        .returning({ id: staffNotes.id });
      return row!.id;
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
