import {
  type ClinicianListSortField,
  filterValues,
  type PatientFilters,
  type PriorityListSortField,
  type SortDirection,
} from '@vigil/core';
import { and, eq, exists, inArray, not, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  clinics,
  patientCareTeam,
  patientDayRollups,
  patientMetrics,
  patients,
  timeEntries,
} from '../../db/schema/index.js';
import { isUuid } from '../../db/uuid.js';
import { type PatientScope, scopeClinicId, scopeCondition } from './patient-scope.js';
import { foldSearchText, patientNameOrder } from './patient-search-text.js';

/** The filters and search of a list request: the saved-filter keys and the search box. */
export interface ListSelection {
  filters: PatientFilters;
  searchString?: string | undefined;
}

export interface ListPaging {
  page: number;
  pageSize: number;
  sortDir: SortDirection;
}

/**
 * The month whose figures the priority list shows, by its calendar days (YYYY-MM-DD, inclusive): the
 * viewer's current one from `patient_metrics` where the row is of that month (`metricsMonth`, year * 100 +
 * month), any other summed from the day rollups.
 */
export type ListMonth = { current: boolean; metricsMonth: number; firstDay: string; lastDay: string };

// Correlated subqueries name their table's alias in the FROM text themselves: inside raw SQL, Drizzle
// renders an aliased table by its alias alone.
const ct = alias(patientCareTeam, 'ct');
const onCareTeam = (role: 'CARE_NAVIGATOR' | 'STAFF', userIds?: readonly string[]) =>
  exists(
    sql`(select 1 from ${patientCareTeam} "ct" where ${and(
      eq(ct.patientId, patients.id),
      eq(ct.role, role),
      userIds ? inArray(ct.userId, [...userIds]) : undefined,
    )})`,
  );
/** Unassigned (DESIGN 4): no care navigator has taken the patient on. */
const unassigned = not(onCareTeam('CARE_NAVIGATOR'));
const activeAndEnrolled = and(eq(patients.active, true), eq(patients.enrolled, true))!;

/** Each filter value as a condition; a value not listed here matches nothing. */
const activeStatusConditions: Record<string, SQL> = {
  active: activeAndEnrolled,
  inactive: not(activeAndEnrolled),
};
const enrollmentConditions: Record<string, SQL> = {
  neverenrolled: eq(patients.everEnrolled, false),
  unenrolled: and(eq(patients.everEnrolled, true), eq(patients.enrolled, false))!,
  unassigned,
};
const consentConditions: Record<string, SQL> = {
  Yes: eq(patients.monthlyReportConsent, true),
  No: eq(patients.monthlyReportConsent, false),
};

const anyOf = (conditions: SQL[]) => (conditions.length ? or(...conditions)! : sql`false`);
const fromChoices = (values: string[], choices: Record<string, SQL>) =>
  anyOf(values.map((v) => (Object.hasOwn(choices, v) ? choices[v]! : sql`false`)));
/** Ids that are not uuids cannot match anyone, and must not reach PostgreSQL, which would refuse them. */
const idList = (values: string[]) => values.filter(isUuid);
const byIds = (column: PgColumn, values: string[]) => {
  const ids = idList(values);
  return ids.length ? inArray(column, ids) : sql`false`;
};

/** `\`, `%` and `_` typed in the search box are matched as themselves, not as LIKE wildcards. */
const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The WHERE of both lists and of bulk time: the scope, then each filter key (OR within its values, AND
 * across keys; spec patients 2.4), then the search, folded as the stored `search_text` is.
 */
function selectionCondition(scope: PatientScope, { filters, searchString }: ListSelection): SQL {
  const conditions: SQL[] = [scopeCondition(scope)];
  const given = (key: keyof PatientFilters) => {
    const values = filterValues(filters[key]);
    return values.length ? values : null;
  };
  const activeStatus = given('activeStatus');
  if (activeStatus) conditions.push(fromChoices(activeStatus, activeStatusConditions));
  const enrollment = given('enrollmentStatus');
  if (enrollment) conditions.push(fromChoices(enrollment, enrollmentConditions));
  const physicians = given('selectedPhysicians');
  if (physicians) conditions.push(byIds(patients.assignedPhysicianId, physicians));
  const staff = given('selectedCareTeamMembers');
  if (staff) conditions.push(onCareTeam('STAFF', idList(staff)));
  const navigators = given('selectedCareNavigators');
  if (navigators) conditions.push(onCareTeam('CARE_NAVIGATOR', idList(navigators)));
  const diagnoses = given('selectedDiagnoses');
  if (diagnoses) conditions.push(inArray(patients.diagnosis, diagnoses));
  // Narrows the scope, never widens it: a clinic user (whose screens hide the filter) naming another clinic
  // selects no one, so a bulk time sent so is written on no one.
  const selectedClinics = given('selectedClinics');
  if (selectedClinics) conditions.push(byIds(patients.clinicId, selectedClinics));
  const consent = given('consent');
  if (consent) conditions.push(fromChoices(consent, consentConditions));
  const term = foldSearchText(searchString ?? '');
  if (term) conditions.push(sql`${patients.searchText} like ${`%${likeEscape(term)}%`} escape '\\'`);
  return and(...conditions)!;
}

const ascending = sql`asc nulls last`;
const descending = sql`desc nulls last`;
/**
 * Missing values sort last in both directions, so '-' rows never push real figures off the first page.
 * Name and id follow every sort, so equal values keep one order from page to page.
 */
const orderBy = (expression: SQL | PgColumn, dir: SortDirection): SQL[] => [
  sql`${expression} ${dir === 'desc' ? descending : ascending}`,
  sql`${patientNameOrder} asc`,
  sql`${patients.id} asc`,
];

const badgeColumns = {
  enrolled: patients.enrolled,
  active: patients.active,
  everEnrolled: patients.everEnrolled,
  unassigned: sql<boolean>`${unassigned}`,
};

export interface BadgeSource {
  enrolled: boolean;
  active: boolean;
  everEnrolled: boolean;
  unassigned: boolean;
}

/**
 * A list page is two queries: the ids of the whole filtered list in order (what the sort and the total
 * need, and what the detail page's Previous and Next read), then the rows of the page's ids alone, by
 * primary key, so only those 25 rows pay for their columns and a past month's sums.
 */
export function createPatientListsRepository(db: DbOrTx) {
  const orderedIds = async (where: SQL, order: SQL[], rollup: MonthRollup | null) => {
    let query = db
      .select({ id: patients.id })
      .from(patients)
      .leftJoin(patientMetrics, eq(patientMetrics.patientId, patients.id))
      .$dynamic();
    if (rollup) query = query.leftJoin(rollup, eq(rollup.patientId, patients.id));
    const rows = await query.where(where).orderBy(...order);
    return rows.map((r) => r.id);
  };
  const pageOf = (ids: string[], paging: ListPaging) =>
    ids.slice(paging.page * paging.pageSize, (paging.page + 1) * paging.pageSize);
  /** Rows fetched by id come back in any order; the page shows them in the list's. */
  const inOrderOf = <R extends { id: string }>(ids: string[], rows: R[]) => {
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  };

  return {
    async findPriorityPage(
      scope: PatientScope,
      selection: ListSelection,
      paging: ListPaging & { sort: PriorityListSortField },
      month: ListMonth,
    ) {
      const sortFigures = monthFigures(db, scope, month);
      const sortExpressions: Record<PriorityListSortField, SQL | PgColumn> = {
        priorityScore: patientMetrics.priorityScore,
        fullName: patientNameOrder,
        dateOfBirth: patients.dateOfBirth,
        dateOfEnrollment: patients.enrolledAt,
        lastCompletedCall: patientMetrics.lastCompletedCall,
        lastAttemptedCall: patientMetrics.lastAttemptedCall,
        attemptedcallsCount: sortFigures.attemptedCalls,
        trackedTimeThisMonth: sortFigures.trackedSeconds,
        numDaysWithReadings: sortFigures.daysWithReadings,
        lastReading: patientMetrics.lastReading,
        lastBpReading: patientMetrics.lastBpReadingAt,
        numActiveAlerts: patientMetrics.numActiveAlerts,
      };
      const sortsOnMonth = ['attemptedcallsCount', 'trackedTimeThisMonth', 'numDaysWithReadings'].includes(
        paging.sort,
      );
      const ids = await orderedIds(
        selectionCondition(scope, selection),
        orderBy(sortExpressions[paging.sort], paging.sortDir),
        // A past month's sums are joined for the whole list only when the list is sorted by them.
        sortsOnMonth ? sortFigures.rollup : null,
      );
      const pageIds = pageOf(ids, paging);
      if (!pageIds.length) return { rows: [], ids };
      const figures = monthFigures(db, scope, month, pageIds);
      let query = db
        .select({
          id: patients.id,
          firstName: patients.firstName,
          lastName: patients.lastName,
          dateOfBirth: patients.dateOfBirth,
          enrolledAt: patients.enrolledAt,
          highPriority: patients.highPriority,
          ...badgeColumns,
          lastCompletedCall: patientMetrics.lastCompletedCall,
          lastAttemptedCall: patientMetrics.lastAttemptedCall,
          attemptedCalls: figures.attemptedCalls,
          trackedSeconds: figures.trackedSeconds,
          daysWithReadings: figures.daysWithReadings,
          lastReading: patientMetrics.lastReading,
          lastBpReadingAt: patientMetrics.lastBpReadingAt,
          lastBpSystolic: patientMetrics.lastBpSystolic,
          lastBpDiastolic: patientMetrics.lastBpDiastolic,
          numActiveAlerts: patientMetrics.numActiveAlerts,
          highestPriorityAlertCategory: patientMetrics.highestPriorityAlertCategory,
          priorityScore: patientMetrics.priorityScore,
        })
        .from(patients)
        .leftJoin(patientMetrics, eq(patientMetrics.patientId, patients.id))
        .$dynamic();
      if (figures.rollup) query = query.leftJoin(figures.rollup, eq(figures.rollup.patientId, patients.id));
      const rows = await query.where(and(scopeCondition(scope), inArray(patients.id, pageIds)));
      return { rows: inOrderOf(pageIds, rows), ids };
    },

    async findClinicianPage(
      scope: PatientScope,
      selection: ListSelection,
      paging: ListPaging & { sort: ClinicianListSortField },
    ) {
      const sortExpressions: Record<ClinicianListSortField, SQL | PgColumn> = {
        fullName: patientNameOrder,
        dateOfBirth: patients.dateOfBirth,
        lastReviewed: patients.lastReviewedAt,
        percentageReadingsOnTarget: patientMetrics.percentageReadingsOnTarget,
        avgSystolic: patientMetrics.avgSystolic,
        percentageReadingsCompliant: patientMetrics.percentageReadingsCompliant,
        mostRecentWeight: patientMetrics.mostRecentWeight,
      };
      const ids = await orderedIds(
        selectionCondition(scope, selection),
        orderBy(sortExpressions[paging.sort], paging.sortDir),
        null,
      );
      const pageIds = pageOf(ids, paging);
      if (!pageIds.length) return { rows: [], ids };
      const rows = await db
        .select({
          id: patients.id,
          firstName: patients.firstName,
          lastName: patients.lastName,
          dateOfBirth: patients.dateOfBirth,
          lastReviewedAt: patients.lastReviewedAt,
          ...badgeColumns,
          percentageReadingsOnTarget: patientMetrics.percentageReadingsOnTarget,
          avgSystolic: patientMetrics.avgSystolic,
          avgDiastolic: patientMetrics.avgDiastolic,
          percentageReadingsCompliant: patientMetrics.percentageReadingsCompliant,
          mostRecentWeight: patientMetrics.mostRecentWeight,
          hasAcuteWeightGain: patientMetrics.hasAcuteWeightGain,
          hasIntermediateWeightGain: patientMetrics.hasIntermediateWeightGain,
        })
        .from(patients)
        .leftJoin(patientMetrics, eq(patientMetrics.patientId, patients.id))
        .where(and(scopeCondition(scope), inArray(patients.id, pageIds)));
      return { rows: inOrderOf(pageIds, rows), ids };
    },

    /**
     * Bulk time (DESIGN 4): one time entry of kind bulk for every patient of the selection who has none on
     * this calendar day of their clinic, in one INSERT ... SELECT, and the day rollups' tracked seconds with
     * it. The selection's rows are locked first, in id order: a concurrent bulk request then waits and
     * finds the entries of this one, and a concurrent timer save (whose metrics refresh locks its patient)
     * recounts its day after this commits. The entries' time is read from `now` once the rows are locked,
     * so it is later than any write of these patients that committed before. Answers how many patients were
     * selected, which were tracked, and that time.
     */
    async insertBulkTime(
      scope: PatientScope,
      selection: ListSelection,
      entry: { userId: string; seconds: number; note: string },
      now: () => Date,
    ): Promise<{
      selected: number;
      tracked: { id: string; patientId: string; clinicId: string }[];
      at: Date;
    }> {
      const where = selectionCondition(scope, selection);
      const selected = await db
        .select({ id: patients.id })
        .from(patients)
        .where(where)
        .orderBy(patients.id)
        .for('update');
      const when = now();
      const at = when.toISOString();
      const day = sql<string>`((${at}::timestamptz) at time zone ${clinics.timeZone})::date`;
      const done = alias(timeEntries, 'done');
      const inserted = await db
        .insert(timeEntries)
        .select(
          db
            .select({
              id: sql`gen_random_uuid()`.as('id'),
              clinicId: patients.clinicId,
              patientId: patients.id,
              userId: sql`${entry.userId}::uuid`.as('user_id'),
              seconds: sql`${entry.seconds}::int`.as('seconds'),
              kind: sql`'bulk'`.as('kind'),
              note: sql`${entry.note}::text`.as('note'),
              at: sql`${at}::timestamptz`.as('at'),
              day: day.as('day'),
            })
            .from(patients)
            .innerJoin(clinics, eq(clinics.id, patients.clinicId))
            .where(
              and(
                where,
                not(
                  exists(
                    sql`(select 1 from ${timeEntries} "done" where ${and(
                      eq(done.patientId, patients.id),
                      eq(done.kind, 'bulk'),
                      eq(done.day, day),
                    )})`,
                  ),
                ),
              ),
            ),
        )
        .returning({
          id: timeEntries.id,
          patientId: timeEntries.patientId,
          clinicId: timeEntries.clinicId,
          day: timeEntries.day,
        });
      // A rollup's tracked seconds are its day's time entries: adding the new entry keeps that true.
      for (let i = 0; i < inserted.length; i += rollupBatch) {
        await db
          .insert(patientDayRollups)
          .values(
            inserted.slice(i, i + rollupBatch).map((r) => ({
              patientId: r.patientId,
              clinicId: r.clinicId,
              day: r.day,
              trackedSeconds: entry.seconds,
            })),
          )
          .onConflictDoUpdate({
            target: [patientDayRollups.patientId, patientDayRollups.day],
            set: { trackedSeconds: sql`${patientDayRollups.trackedSeconds} + excluded.tracked_seconds` },
          });
      }
      return {
        selected: selected.length,
        tracked: inserted.map((r) => ({ id: r.id, patientId: r.patientId, clinicId: r.clinicId })),
        at: when,
      };
    },
  };
}

/** Rows per rollup upsert: four parameters a row stay far below PostgreSQL's 65,535 per statement. */
const rollupBatch = 1000;

/**
 * The month figures of the priority list. The current month reads `patient_metrics`, but only a row
 * computed in that month: until the job after midnight on the 1st refreshes a patient, or while the
 * patient's clinic, in another zone than the viewer's, is already in the next month, the figure is summed
 * from that patient's rollups instead (a subquery the `case` runs for those patients only). Another month
 * sums its day rollups in a grouped subquery (one row a patient; only the given patients' when named).
 */
function monthFigures(db: DbOrTx, scope: PatientScope, month: ListMonth, onlyPatients?: string[]) {
  const r = patientDayRollups;
  if (month.current) {
    const fromMetrics = (figure: SQL | PgColumn, summed: SQL) => sql<number>`case
      when ${patientMetrics.metricsMonth} = ${month.metricsMonth} then coalesce(${figure}, 0)
      else (select coalesce(sum(${summed}), 0)::int from ${r} where ${r.patientId} = "patients"."id"
        and ${r.day} between ${month.firstDay}::date and ${month.lastDay}::date)
    end`;
    return {
      trackedSeconds: fromMetrics(patientMetrics.trackedTimeThisMonth, sql`${r.trackedSeconds}`),
      daysWithReadings: fromMetrics(
        patientMetrics.numDaysWithReadings,
        sql`case when ${r.readings} > 0 then 1 else 0 end`,
      ),
      attemptedCalls: fromMetrics(patientMetrics.attemptedCallsCount, sql`${r.attemptedCalls}`),
      rollup: null,
    };
  }
  const clinicId = scopeClinicId(scope);
  const rollup = db
    .select({
      patientId: r.patientId,
      trackedSeconds: sql<number>`sum(${r.trackedSeconds})::int`.as('tracked_seconds'),
      daysWithReadings: sql<number>`(count(*) filter (where ${r.readings} > 0))::int`.as(
        'days_with_readings',
      ),
      attemptedCalls: sql<number>`sum(${r.attemptedCalls})::int`.as('attempted_calls'),
    })
    .from(r)
    .where(
      and(
        clinicId ? eq(r.clinicId, clinicId) : undefined,
        onlyPatients ? inArray(r.patientId, onlyPatients) : undefined,
        sql`${r.day} between ${month.firstDay}::date and ${month.lastDay}::date`,
      ),
    )
    .groupBy(r.patientId)
    .as('month_rollup');
  return {
    trackedSeconds: sql<number>`coalesce(${rollup.trackedSeconds}, 0)`,
    daysWithReadings: sql<number>`coalesce(${rollup.daysWithReadings}, 0)`,
    attemptedCalls: sql<number>`coalesce(${rollup.attemptedCalls}, 0)`,
    rollup,
  };
}

type MonthRollup = NonNullable<ReturnType<typeof monthFigures>['rollup']>;

export type PatientListsRepository = ReturnType<typeof createPatientListsRepository>;
