import type { CustomAlert } from '@vigil/core';
import { and, asc, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  type AlertRow,
  alertFindings,
  alerts,
  clinics,
  monthlyReportEmails,
  patients,
  users,
} from '../../db/schema/index.js';
import { isUuid } from '../../db/uuid.js';
import { type PatientScope, scopeCondition } from '../patients/patient-scope.js';

/** A patient as the report shows them, with their clinic and physician. */
export interface ReportPatient {
  id: string;
  clinicId: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD, a calendar date. */
  dateOfBirth: string | null;
  mr: string | null;
  diagnosis: string | null;
  email: string | null;
  preferences: Record<string, unknown>;
  customAlerts: CustomAlert[] | null;
  clinicName: string;
  clinicAddress: string;
  clinicTimeZone: string;
  clinicCustomAlerts: CustomAlert[];
  physicianFirstName: string | null;
  physicianLastName: string | null;
}

/** A patient who asked for the monthly report by email (spec patients 2.1, preferences). */
export interface MonthlyReportRecipient {
  id: string;
  clinicId: string;
  clinicTimeZone: string;
  firstName: string;
  email: string | null;
}

/**
 * The reads of the patient report (decision 0013) and the monthly email's bookkeeping. The readings and
 * the monthly note come from their own features' repositories.
 */
export function createPatientReportRepository(db: DbOrTx) {
  return {
    async findPatient(scope: PatientScope, patientId: string): Promise<ReportPatient | undefined> {
      if (!isUuid(patientId)) return undefined;
      const physician = alias(users, 'physician');
      const [row] = await db
        .select({
          id: patients.id,
          clinicId: patients.clinicId,
          firstName: patients.firstName,
          lastName: patients.lastName,
          dateOfBirth: patients.dateOfBirth,
          mr: patients.mr,
          diagnosis: patients.diagnosis,
          email: patients.email,
          preferences: patients.preferences,
          customAlerts: patients.customAlerts,
          clinicName: clinics.name,
          clinicAddress: clinics.address,
          clinicTimeZone: clinics.timeZone,
          clinicCustomAlerts: clinics.customAlerts,
          physicianFirstName: physician.firstName,
          physicianLastName: physician.lastName,
        })
        .from(patients)
        .innerJoin(clinics, eq(clinics.id, patients.clinicId))
        .leftJoin(physician, eq(physician.id, patients.assignedPhysicianId))
        .where(and(eq(patients.id, patientId), scopeCondition(scope)));
      return row;
    },

    /**
     * Alerts found in [start, end), oldest first: the rules' alerts with a finding in it, each at its latest
     * finding there (an alert's reading date has moved on since, when found again in a later month; one
     * withdrawn because its readings were removed has none), and the manual and SMS alerts, which have no
     * findings, whose reading date or raising falls in it.
     */
    async findAlertsInRange(patientId: string, start: Date, end: Date): Promise<AlertRow[]> {
      const found = sql<Date | null>`(
        select max(f.reading_date) from ${alertFindings} f
        where f.alert_id = ${alerts.id} and f.reading_date >= ${start.toISOString()}::timestamptz
          and f.reading_date < ${end.toISOString()}::timestamptz
      )`.mapWith(alerts.readingDate);
      const rows = await db
        .select({ alert: alerts, found })
        .from(alerts)
        .where(
          and(
            eq(alerts.patientId, patientId),
            or(
              sql`${found} is not null`,
              and(
                inArray(alerts.category, ['Manual', 'SMS']),
                or(
                  and(gte(alerts.readingDate, start), lt(alerts.readingDate, end)),
                  and(gte(alerts.createdAt, start), lt(alerts.createdAt, end)),
                ),
              ),
            ),
          ),
        );
      const at = (a: AlertRow) => (a.readingDate ?? a.createdAt).getTime();
      return rows
        .map(({ alert, found }) => ({ ...alert, readingDate: found ?? alert.readingDate }))
        .sort((a, b) => at(a) - at(b) || a.createdAt.getTime() - b.createdAt.getTime());
    },

    /**
     * Enrolled, active patients of active clinics who gave email consent, chose the monthly report and have
     * an email address.
     */
    findMonthlyReportRecipients(): Promise<MonthlyReportRecipient[]> {
      return db
        .select({
          id: patients.id,
          clinicId: patients.clinicId,
          clinicTimeZone: clinics.timeZone,
          firstName: patients.firstName,
          email: patients.email,
        })
        .from(patients)
        .innerJoin(clinics, eq(clinics.id, patients.clinicId))
        .where(
          and(
            eq(clinics.active, true),
            eq(patients.enrolled, true),
            eq(patients.active, true),
            eq(patients.monthlyReportConsent, true),
            sql`${patients.preferences}->>'emailConsent' = 'Yes'`,
            isNotNull(patients.email),
            sql`trim(${patients.email}) <> ''`,
          ),
        )
        .orderBy(asc(patients.clinicId), asc(patients.id));
    },

    async hasMonthlyReportEmail(patientId: string, year: number, month: number): Promise<boolean> {
      const [row] = await db
        .select({ patientId: monthlyReportEmails.patientId })
        .from(monthlyReportEmails)
        .where(
          and(
            eq(monthlyReportEmails.patientId, patientId),
            eq(monthlyReportEmails.year, year),
            eq(monthlyReportEmails.month, month),
          ),
        );
      return row !== undefined;
    },

    /**
     * Claims the patient's monthly email of that month; false when it was claimed before (by an earlier run
     * or another worker, whose transaction this insert waits for).
     */
    async claimMonthlyReportEmail(values: {
      patientId: string;
      clinicId: string;
      year: number;
      month: number;
      createdAt: Date;
    }): Promise<boolean> {
      const rows = await db
        .insert(monthlyReportEmails)
        .values(values)
        .onConflictDoNothing()
        .returning({ patientId: monthlyReportEmails.patientId });
      return rows.length > 0;
    },

    async setMonthlyReportEmailOutbox(
      patientId: string,
      year: number,
      month: number,
      outboxId: string,
    ): Promise<void> {
      await db
        .update(monthlyReportEmails)
        .set({ outboxId })
        .where(
          and(
            eq(monthlyReportEmails.patientId, patientId),
            eq(monthlyReportEmails.year, year),
            eq(monthlyReportEmails.month, month),
          ),
        );
    },
  };
}

export type PatientReportRepository = ReturnType<typeof createPatientReportRepository>;
