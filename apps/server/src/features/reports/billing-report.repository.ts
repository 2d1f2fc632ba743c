import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  billingSetups,
  calls,
  enrolmentPeriods,
  patients,
  readings,
  timeEntries,
  users,
} from '../../db/schema/index.js';
import { reportPatientsCondition, reportPatientsOrder } from './reports.repository.js';

/** A calendar month of one clinic: its instants [start, end) and its days [firstDay, lastDay] (YYYY-MM-DD). */
export interface BillingMonth {
  clinicId: string;
  timeZone: string;
  start: Date;
  end: Date;
  firstDay: string;
  lastDay: string;
}

export interface BillingFigures {
  patientId: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string | null;
  mr: string | null;
  /** The start of the latest enrolment. */
  enrolledAt: Date;
  physician: { firstName: string; lastName: string } | null;
  deviceDays: number;
  trackedSeconds: number;
  completedCall: boolean;
}

/** An enrolment of a patient (`enrolment_periods`). */
export interface EnrolmentPeriod {
  id: string;
  patientId: string;
  startedAt: Date;
}

export interface BillingSetup {
  patientId: string;
  /** The start of the enrolment that earned it. */
  enrolledAt: Date;
  month: number;
  year: number;
}

const timestamptz = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/**
 * The patient of the outer query, named in full in the subqueries below (drizzle leaves a column unqualified
 * in a select without joins, where `id` would then be the reading's).
 */
const patientId = sql.raw('"patients"."id"');

/**
 * Reading `r` falls inside enrolment `ep`: on or after the start of the clinic's calendar day of its start,
 * and before its end (a reading earlier on the day of unenrolment counts).
 */
const inPeriod = (timeZone: string) =>
  sql`r.taken_at >= ((ep.started_at at time zone ${timeZone})::date::timestamp at time zone ${timeZone})
    and (ep.ended_at is null or r.taken_at < ep.ended_at)`;

/** A device reading that counts (DESIGN 4): not manual, not removed. */
const deviceReading = sql`r.removed_at is null and r.source <> 'MANUAL'`;

/** Reading `r` falls inside one of its patient's enrolments: device data counts only there (decision 0013). */
const inEnrolment = (timeZone: string) =>
  sql`exists (select 1 from ${enrolmentPeriods} ep where ep.patient_id = r.patient_id and ${inPeriod(timeZone)})`;

/**
 * Time entry or call `row` was made while its patient was enrolled, from the instant of the enrolment to the
 * instant it ended: what staff did before is the setup (99453), not treatment management, and after an
 * unenrolment nothing is billed (decision 0013).
 */
const madeInEnrolment = (row: 'te' | 'c') =>
  sql`exists (select 1 from ${enrolmentPeriods} ep where ep.patient_id = ${sql.raw(row)}.patient_id
    and ${sql.raw(row)}.at >= ep.started_at and (ep.ended_at is null or ${sql.raw(row)}.at < ep.ended_at))`;

export function createBillingReportRepository(db: DbOrTx) {
  return {
    /**
     * Each patient the report covers (`reportPatientsCondition`), in name order, with the month's billing
     * figures: distinct days in the clinic's zone with a device reading inside an enrolment, the seconds of
     * every time entry of the month's days inside an enrolment, and whether a call of the month inside an
     * enrolment was completed.
     */
    findFiguresByClinic(month: BillingMonth, physicianId: string | null): Promise<BillingFigures[]> {
      const { timeZone } = month;
      const start = timestamptz(month.start);
      const end = timestamptz(month.end);
      return db
        .select({
          patientId: patients.id,
          firstName: patients.firstName,
          lastName: patients.lastName,
          dateOfBirth: patients.dateOfBirth,
          mr: patients.mr,
          enrolledAt: sql<Date>`${patients.enrolledAt}`.mapWith(patients.enrolledAt),
          physicianFirstName: users.firstName,
          physicianLastName: users.lastName,
          deviceDays: sql<number>`(
            select count(distinct (r.taken_at at time zone ${timeZone})::date)::int from ${readings} r
            where r.patient_id = ${patientId} and r.taken_at >= ${start} and r.taken_at < ${end}
              and ${deviceReading} and ${inEnrolment(timeZone)}
          )`,
          trackedSeconds: sql<number>`(
            select coalesce(sum(te.seconds), 0)::int from ${timeEntries} te
            where te.patient_id = ${patientId} and te.day >= ${month.firstDay}::date
              and te.day <= ${month.lastDay}::date and ${madeInEnrolment('te')}
          )`,
          completedCall: sql<boolean>`exists (
            select 1 from ${calls} c where c.patient_id = ${patientId} and c.outcome = 'completed'
              and c.at >= ${start} and c.at < ${end} and ${madeInEnrolment('c')}
          )`,
        })
        .from(patients)
        .leftJoin(users, eq(users.id, patients.assignedPhysicianId))
        .where(reportPatientsCondition(month.clinicId, physicianId))
        .orderBy(...reportPatientsOrder)
        .then((rows) =>
          rows.map(({ physicianFirstName, physicianLastName, ...row }) => ({
            ...row,
            physician:
              physicianFirstName !== null && physicianLastName !== null
                ? { firstName: physicianFirstName, lastName: physicianLastName }
                : null,
          })),
        );
    },

    /** The enrolments of these patients that overlap the month, oldest first. */
    async findPeriodsInMonth(month: BillingMonth, patientIds: readonly string[]): Promise<EnrolmentPeriod[]> {
      if (!patientIds.length) return [];
      return db
        .select({
          id: enrolmentPeriods.id,
          patientId: enrolmentPeriods.patientId,
          startedAt: enrolmentPeriods.startedAt,
        })
        .from(enrolmentPeriods)
        .where(
          and(
            inArray(enrolmentPeriods.patientId, [...patientIds]),
            lt(enrolmentPeriods.startedAt, month.end),
            or(isNull(enrolmentPeriods.endedAt), gt(enrolmentPeriods.endedAt, month.start)),
          ),
        )
        .orderBy(asc(enrolmentPeriods.startedAt));
    },

    /** The month that earned 99453 for each of these patients' enrolments, where one did. */
    async findSetupsByPatients(patientIds: readonly string[]): Promise<BillingSetup[]> {
      if (!patientIds.length) return [];
      return db
        .select({
          patientId: billingSetups.patientId,
          enrolledAt: billingSetups.enrolledAt,
          month: billingSetups.month,
          year: billingSetups.year,
        })
        .from(billingSetups)
        .where(inArray(billingSetups.patientId, [...patientIds]));
    },

    /**
     * For each of these enrolments, the first month up to the end of `until` with device data inside it on 2
     * distinct days of the clinic's zone: the month that earns 99453.
     */
    async findFirstSetupMonths(
      until: BillingMonth,
      periodIds: readonly string[],
      setupDays: number,
    ): Promise<{ periodId: string; month: number; year: number }[]> {
      if (!periodIds.length) return [];
      const { timeZone } = until;
      const ids = sql.join(
        periodIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      const result = (await db.execute(sql`
        select period_id, min(month_index)::int as month_index from (
          select ep.id as period_id,
            (extract(year from x.day) * 12 + extract(month from x.day) - 1)::int as month_index
          from ${enrolmentPeriods} ep
            join ${readings} r on r.patient_id = ep.patient_id
            cross join lateral (select (r.taken_at at time zone ${timeZone})::date as day) as x
          where ep.id in (${ids}) and ${deviceReading} and ${inPeriod(timeZone)}
            and r.taken_at < ${timestamptz(until.end)}
          group by ep.id, month_index
          having count(distinct x.day) >= ${setupDays}
        ) as months
        group by period_id`)) as unknown as { rows: { period_id: string; month_index: number }[] };
      return result.rows.map((r) => ({
        periodId: r.period_id,
        month: (r.month_index % 12) + 1,
        year: Math.floor(r.month_index / 12),
      }));
    },

    /**
     * Forgets the month recorded as earning 99453 for any of these enrolments where that month no longer has
     * device data inside the enrolment on 2 distinct days of the clinic's zone (a reading of it was removed
     * since): its enrolment earns it again, as one never recorded.
     */
    async deleteLapsedSetups(
      timeZone: string,
      periodIds: readonly string[],
      setupDays: number,
    ): Promise<void> {
      if (!periodIds.length) return;
      const ids = sql.join(
        periodIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      const first = sql`make_date(s.year, s.month, 1)`;
      await db.execute(sql`
        delete from ${billingSetups} s using ${enrolmentPeriods} ep
        where ep.id in (${ids}) and s.patient_id = ep.patient_id and s.enrolled_at = ep.started_at
          and (
            select count(distinct (r.taken_at at time zone ${timeZone})::date) from ${readings} r
            where r.patient_id = ep.patient_id and ${deviceReading} and ${inPeriod(timeZone)}
              and r.taken_at >= (${first}::timestamp at time zone ${timeZone})
              and r.taken_at < ((${first} + interval '1 month') at time zone ${timeZone})
          ) < ${setupDays}`);
    },

    /**
     * Records the months that earned 99453, keeping a row already there: two reports run at once write the
     * same month, and the first row stands.
     */
    async insertSetups(rows: readonly (BillingSetup & { clinicId: string })[], now: Date): Promise<void> {
      if (!rows.length) return;
      await db
        .insert(billingSetups)
        .values(rows.map((r) => ({ ...r, recordedAt: now })))
        .onConflictDoNothing({ target: [billingSetups.patientId, billingSetups.enrolledAt] });
    },
  };
}

export type BillingReportRepository = ReturnType<typeof createBillingReportRepository>;
