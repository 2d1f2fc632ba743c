import { type CustomAlert, type TimeSpan, toE164 } from '@vigil/core';
import { and, desc, eq, gt, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { preparedOnce } from '../../db/prepared.js';
import {
  type AlertRow,
  alerts,
  calls,
  clinics,
  enrolmentPeriods,
  type PatientRow,
  patientCareTeam,
  patientDevices,
  patientMetrics,
  patients,
  sessions,
  smsOptOuts,
  timeEntries,
  users,
} from '../../db/schema/index.js';
import { isUuid } from '../../db/uuid.js';
import { type PatientScope, preparedScopeCondition, scopeCondition, scopeValues } from './patient-scope.js';

export type CareTeamRole = 'CARE_NAVIGATOR' | 'STAFF';

export interface CareTeamMember {
  userId: string;
  role: CareTeamRole;
  firstName: string;
  lastName: string;
}

/** A patient with what its views need: the clinic, the assigned people by name, this month's time. */
export interface PatientRecord {
  patient: PatientRow;
  clinic: { id: string; name: string; timeZone: string; customAlerts: CustomAlert[] };
  physicianName: { firstName: string; lastName: string } | null;
  careTeam: CareTeamMember[];
  trackedTimeThisMonth: number;
}

/** What the detail page shows beside the patient (decision 0010). */
export interface PatientDetailsFacts {
  /** Alerts not dismissed, newest reading date first. */
  alerts: AlertRow[];
  lastCompletedCall: Date | null;
  lastAttemptedCall: Date | null;
  /** Pairings in force: not deleted, active or disabled. */
  devicesCount: number;
  /** The patient's texting number texted STOP to their clinic's number (decision 0011). */
  smsOptedOut: boolean;
}

export interface ClinicSummary {
  id: string;
  name: string;
  timeZone: string;
  active: boolean;
}

export interface AssignableUser {
  id: string;
  roleType: 'CARE_NAVIGATOR' | 'PHYSICIAN' | 'STAFF';
  portal: 'CIRCLE' | 'CLINIC';
  clinicId: string | null;
  isDeactivated: boolean;
}

const physician = alias(users, 'physician');

export function createPatientsRepository(db: DbOrTx) {
  return {
    /**
     * One patient inside the scope, in one query (the care team is aggregated in a subquery), or
     * undefined for an unknown id, a malformed one or a patient of another clinic.
     */
    async findById(scope: PatientScope, id: string): Promise<PatientRecord | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await preparedOnce(db, findPatientQuery).execute({ id, ...scopeValues(scope) });
      if (!row) return undefined;
      return {
        patient: row.patient,
        clinic: {
          id: row.patient.clinicId,
          name: row.clinicName,
          timeZone: row.clinicTimeZone,
          customAlerts: row.clinicCustomAlerts,
        },
        physicianName:
          row.physicianFirstName !== null
            ? { firstName: row.physicianFirstName, lastName: row.physicianLastName ?? '' }
            : null,
        careTeam: row.careTeam,
        trackedTimeThisMonth: row.trackedTimeThisMonth ?? 0,
      };
    },

    /** The detail page's alerts, calls and device count of a patient already found in scope: two queries. */
    async findDetailsFacts(patientId: string): Promise<PatientDetailsFacts> {
      const open = await db
        .select()
        .from(alerts)
        .where(and(eq(alerts.patientId, patientId), isNull(alerts.dismissedAt)))
        .orderBy(sql`${alerts.readingDate} desc nulls last`, desc(alerts.createdAt), alerts.id);
      const lastCall = (outcome: 'attempted' | 'completed') =>
        sql<Date | null>`(select max(${calls.at}) from ${calls}
          where ${calls.patientId} = ${patientId} and ${calls.outcome} = ${outcome})`.mapWith(calls.at);
      const [facts] = await db
        .select({
          lastCompletedCall: lastCall('completed'),
          lastAttemptedCall: lastCall('attempted'),
          // The devices that take readings: what the count's Active Devices dialog lists (spec patients 2.6).
          devicesCount: sql<number>`(select count(*)::int from ${patientDevices}
            where ${patientDevices.patientId} = ${patientId} and ${patientDevices.deletedAt} is null
              and ${patientDevices.status} = 'active')`,
          phone: patients.phone,
          clinicNumber: clinics.twilioNumber,
        })
        .from(patients)
        .innerJoin(clinics, eq(clinics.id, patients.clinicId))
        .where(eq(patients.id, patientId));
      // Opt-outs are kept by the pair of numbers in E.164, as Twilio reports them.
      const phone = toE164(facts?.phone);
      const clinicNumber = toE164(facts?.clinicNumber);
      const [optOut] =
        phone && clinicNumber
          ? await db
              .select({ at: smsOptOuts.optedOutAt })
              .from(smsOptOuts)
              .where(and(eq(smsOptOuts.phoneNumber, phone), eq(smsOptOuts.clinicNumber, clinicNumber)))
          : [];
      return {
        alerts: open,
        lastCompletedCall: facts?.lastCompletedCall ?? null,
        lastAttemptedCall: facts?.lastAttemptedCall ?? null,
        devicesCount: facts?.devicesCount ?? 0,
        smsOptedOut: Boolean(optOut),
      };
    },

    /**
     * Locks the patient's row for the rest of the transaction, so two saves of one patient apply one after
     * the other and each compares against what the other wrote.
     */
    async lockById(scope: PatientScope, id: string): Promise<PatientRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select()
        .from(patients)
        .where(and(eq(patients.id, id), scopeCondition(scope)))
        .for('update');
      return row;
    },

    /**
     * Whether another patient of the clinic has this MR (trimmed, in any case). The clinic's row is locked
     * first, so two saves naming one MR go one after the other and the second finds the first.
     */
    async mrTaken(clinicId: string, mr: string, exceptId: string | null): Promise<boolean> {
      await db.select({ id: clinics.id }).from(clinics).where(eq(clinics.id, clinicId)).for('update');
      const [row] = await db
        .select({ id: patients.id })
        .from(patients)
        .where(
          and(
            eq(patients.clinicId, clinicId),
            sql`lower(trim(${patients.mr})) = lower(trim(${mr}))`,
            exceptId ? ne(patients.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async findClinic(id: string): Promise<ClinicSummary | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select({ id: clinics.id, name: clinics.name, timeZone: clinics.timeZone, active: clinics.active })
        .from(clinics)
        .where(eq(clinics.id, id));
      return row;
    },

    /** Users by id, for checking an assignment; malformed ids are left out (they match no one). */
    async findUsersByIds(ids: readonly string[]): Promise<AssignableUser[]> {
      const valid = [...new Set(ids.filter(isUuid))];
      if (!valid.length) return [];
      return db
        .select({
          id: users.id,
          roleType: users.roleType,
          portal: users.portal,
          clinicId: users.clinicId,
          isDeactivated: users.isDeactivated,
        })
        .from(users)
        .where(inArray(users.id, valid));
    },

    async insert(values: typeof patients.$inferInsert): Promise<PatientRow> {
      const [row] = await db.insert(patients).values(values).returning();
      return row!;
    },

    async update(
      scope: PatientScope,
      id: string,
      changes: Partial<Omit<PatientRow, 'id' | 'clinicId' | 'createdAt'>>,
      now: Date,
    ): Promise<void> {
      await db
        .update(patients)
        .set({ ...changes, updatedAt: now })
        .where(and(eq(patients.id, id), scopeCondition(scope)));
    },

    /** Starts an enrolment of the patient at `at`. */
    async openEnrolmentPeriod(patient: { id: string; clinicId: string }, at: Date): Promise<void> {
      await db
        .insert(enrolmentPeriods)
        .values({ clinicId: patient.clinicId, patientId: patient.id, startedAt: at });
    },

    /** The patient's latest enrolment, open or ended. */
    async findLatestEnrolmentPeriod(patientId: string) {
      const [period] = await db
        .select()
        .from(enrolmentPeriods)
        .where(eq(enrolmentPeriods.patientId, patientId))
        .orderBy(desc(enrolmentPeriods.startedAt))
        .limit(1);
      return period;
    },

    /** Makes an ended enrolment go on, as if it had not ended. */
    async reopenEnrolmentPeriod(periodId: string): Promise<void> {
      await db.update(enrolmentPeriods).set({ endedAt: null }).where(eq(enrolmentPeriods.id, periodId));
    },

    /** Ends the patient's enrolment in force at `at`. */
    async closeEnrolmentPeriod(patientId: string, at: Date): Promise<void> {
      await db
        .update(enrolmentPeriods)
        .set({ endedAt: at })
        .where(and(eq(enrolmentPeriods.patientId, patientId), isNull(enrolmentPeriods.endedAt)));
    },

    /** Makes the patient's members of one care-team role exactly `userIds`, keeping the rows that stay. */
    async replaceCareTeam(
      patient: { id: string; clinicId: string },
      role: CareTeamRole,
      userIds: readonly string[],
      now: Date,
    ): Promise<void> {
      const keep = [...new Set(userIds)];
      await db
        .delete(patientCareTeam)
        .where(
          and(
            eq(patientCareTeam.patientId, patient.id),
            eq(patientCareTeam.role, role),
            keep.length ? notInArray(patientCareTeam.userId, keep) : undefined,
          ),
        );
      if (!keep.length) return;
      await db
        .insert(patientCareTeam)
        .values(
          keep.map((userId) => ({
            clinicId: patient.clinicId,
            patientId: patient.id,
            userId,
            role,
            createdAt: now,
          })),
        )
        .onConflictDoNothing();
    },

    async setReviewed(
      scope: PatientScope,
      id: string,
      at: Date,
      by: string,
    ): Promise<PatientRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .update(patients)
        .set({ lastReviewedAt: at, lastReviewedBy: by })
        .where(and(eq(patients.id, id), scopeCondition(scope)))
        .returning();
      return row;
    },

    /** Inserts a time entry and answers its id. */
    async insertTimeEntry(values: typeof timeEntries.$inferInsert): Promise<string> {
      const [row] = await db.insert(timeEntries).values(values).returning({ id: timeEntries.id });
      return row!.id;
    },

    /**
     * Locks a user's row until the transaction ends: the timer's saves of one user (two tabs) then run one
     * after the other, each seeing the entries of the one before (DESIGN 4, time).
     */
    async lockUser(userId: string): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },

    /** When the session began: a timer entry counts no time before it (DESIGN 4, time). */
    async sessionStart(sessionId: string): Promise<Date | undefined> {
      const [session] = await db
        .select({ createdAt: sessions.createdAt })
        .from(sessions)
        .where(eq(sessions.id, sessionId));
      return session?.createdAt;
    },

    /**
     * The spans a user's timer entries counted that end after `after`, each ending at its entry's time. Read
     * under `lockUser`, or two saves at once could both count the same time.
     */
    async countedTimerSpans(userId: string, after: Date): Promise<TimeSpan[]> {
      const rows = await db
        .select({ at: timeEntries.at, seconds: timeEntries.seconds })
        .from(timeEntries)
        .where(and(eq(timeEntries.userId, userId), eq(timeEntries.kind, 'timer'), gt(timeEntries.at, after)));
      return rows.map((r) => ({ from: r.at.getTime() - r.seconds * 1000, to: r.at.getTime() }));
    },

    async trackedTimeThisMonth(patientId: string): Promise<number> {
      const [row] = await db
        .select({ seconds: patientMetrics.trackedTimeThisMonth })
        .from(patientMetrics)
        .where(eq(patientMetrics.patientId, patientId));
      return row?.seconds ?? 0;
    },
  };
}

export type PatientsRepository = ReturnType<typeof createPatientsRepository>;

/** One patient with their clinic, physician and care team, prepared (`preparedOnce`): every patient page asks for it. */
const findPatientQuery = (db: DbOrTx) =>
  db
    .select({
      patient: patients,
      clinicName: clinics.name,
      clinicTimeZone: clinics.timeZone,
      clinicCustomAlerts: clinics.customAlerts,
      physicianFirstName: physician.firstName,
      physicianLastName: physician.lastName,
      trackedTimeThisMonth: patientMetrics.trackedTimeThisMonth,
      careTeam: sql<CareTeamMember[]>`(
            select coalesce(json_agg(json_build_object(
              'userId', ct.user_id, 'role', ct.role, 'firstName', u.first_name, 'lastName', u.last_name
            ) order by ct.created_at, u.last_name, u.first_name), '[]'::json)
            from ${patientCareTeam} ct join ${users} u on u.id = ct.user_id
            where ct.patient_id = ${patients.id})`,
    })
    .from(patients)
    .innerJoin(clinics, eq(clinics.id, patients.clinicId))
    .leftJoin(physician, eq(physician.id, patients.assignedPhysicianId))
    .leftJoin(patientMetrics, eq(patientMetrics.patientId, patients.id))
    .where(and(eq(patients.id, sql.placeholder('id')), preparedScopeCondition()))
    .prepare('find_patient_by_id');
