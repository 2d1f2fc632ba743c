import type { AlertCategory, CustomAlert, Reading } from '@vigil/core';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { jsonRowsInsert } from '../../db/json-rows.js';
import { executePrepared } from '../../db/prepared.js';
import {
  alerts,
  calls,
  clinics,
  patientDayRollups,
  patientMetrics,
  patients,
  readings,
  timeEntries,
} from '../../db/schema/index.js';

/** What the metrics of one patient depend on besides the data: flags, thresholds and the clinic's zone. */
export interface MetricsSubject {
  id: string;
  clinicId: string;
  enrolled: boolean;
  active: boolean;
  highPriority: boolean;
  diagnosis: string | null;
  customAlerts: CustomAlert[] | null;
  clinicCustomAlerts: CustomAlert[];
  timeZone: string;
}

export type PatientReading = Reading & { patientId: string };
export type NewPatientMetrics = typeof patientMetrics.$inferInsert;

/** A reading as the core's rules see it, selected straight into that shape. */
const readingFields = {
  patientId: readings.patientId,
  date: readings.takenAt,
  systolic: readings.systolic,
  diastolic: readings.diastolic,
  heartRate: readings.heartRate,
  weight: readings.weightLbs,
  source: readings.source,
};

const notRemoved = isNull(readings.removedAt);

const metricsKeys = Object.keys(getTableColumns(patientMetrics)) as (keyof NewPatientMetrics & string)[];
const insertMetrics = jsonRowsInsert(patientMetrics, metricsKeys);
// Every column but the key is replaced by the freshly computed value on conflict.
const metricsUpdate = sql.raw(
  `on conflict ("patient_id") do update set ${Object.values(getTableColumns(patientMetrics))
    .filter((column) => column.name !== 'patient_id')
    .map((column) => `"${column.name}" = excluded."${column.name}"`)
    .join(', ')}`,
);
const onlyIfNewer = sql.raw(' where "patient_metrics"."computed_at" <= excluded."computed_at"');

/** A patient's day whose rollup is recounted, in the zone that day is in. */
export interface DayRollupEntry {
  patientId: string;
  clinicId: string;
  /** 'YYYY-MM-DD'. */
  day: string;
  timeZone: string;
}

/** The instants a patient's metrics are computed over (the clinic's zone). */
export interface MetricsPeriod {
  patientId: string;
  windowStart: Date;
  monthStart: Date;
  nextMonthStart: Date;
}

/** What one patient's list metrics are computed from, besides the patient. */
export interface PatientMetricsFacts {
  /** Readings of the metrics window, oldest first. */
  readings: Reading[];
  /** The latest reading and BP reading before the window, for a patient with none in it. */
  olderLatest?: Reading;
  olderLatestBp?: Reading;
  alerts: { category: AlertCategory; snoozedUntil: Date | null }[];
  lastCompletedCall: Date | null;
  lastAttemptedCall: Date | null;
  attemptedCallsThisMonth: number;
  trackedSecondsThisMonth: number;
}

interface ReadingJson {
  date: string;
  systolic: number | null;
  diastolic: number | null;
  heartRate: number | null;
  weight: number | null;
  source: string;
}

/**
 * The statement recounting these day rollups from readings not removed, time entries and calls; rows in
 * key order, so concurrent writers lock shared rows in one order. A day left with nothing keeps zeros.
 */
function upsertDayRollupsSql(entries: readonly DayRollupEntry[]) {
  const json = JSON.stringify(
    entries.map((e) => ({ patient_id: e.patientId, clinic_id: e.clinicId, day: e.day, tz: e.timeZone })),
  );
  return sql`
    insert into ${patientDayRollups}
      (clinic_id, patient_id, day, readings, device_readings, tracked_seconds, attempted_calls, completed_calls)
    select d.clinic_id, d.patient_id, d.day, r.n, r.device, t.secs, c.att, c.comp
    from (
      select distinct on (patient_id, day) *, (day::timestamp at time zone tz) as day_start,
        ((day + 1)::timestamp at time zone tz) as day_end
      from jsonb_to_recordset(${json}::jsonb) as x(patient_id uuid, clinic_id uuid, day date, tz text)
      order by patient_id, day
    ) d
    cross join lateral (
      select count(*)::int as n, (count(*) filter (where source <> 'MANUAL'))::int as device
      from ${readings} where patient_id = d.patient_id and removed_at is null
        and taken_at >= d.day_start and taken_at < d.day_end) r
    cross join lateral (
      select coalesce(sum(seconds), 0)::int as secs
      from ${timeEntries} where patient_id = d.patient_id and day = d.day) t
    cross join lateral (
      select (count(*) filter (where outcome = 'attempted'))::int as att,
        (count(*) filter (where outcome = 'completed'))::int as comp
      from ${calls} where patient_id = d.patient_id and at >= d.day_start and at < d.day_end) c
    order by d.patient_id, d.day
    on conflict (patient_id, day) do update set
      readings = excluded.readings, device_readings = excluded.device_readings,
      tracked_seconds = excluded.tracked_seconds, attempted_calls = excluded.attempted_calls,
      completed_calls = excluded.completed_calls`;
}

export function createPatientMetricsRepository(db: DbOrTx) {
  return {
    /**
     * The patients with their clinic's zone and thresholds. `lock` takes the patients' row locks until the
     * transaction ends, so two writers of one patient compute its metrics one after the other and the
     * second sees the first's change.
     */
    async findSubjects(
      patientIds: readonly string[],
      options: { lock?: boolean } = {},
    ): Promise<MetricsSubject[]> {
      if (patientIds.length === 0) return [];
      const query = db
        .select({
          id: patients.id,
          clinicId: patients.clinicId,
          enrolled: patients.enrolled,
          active: patients.active,
          highPriority: patients.highPriority,
          diagnosis: patients.diagnosis,
          customAlerts: patients.customAlerts,
          clinicCustomAlerts: clinics.customAlerts,
          timeZone: clinics.timeZone,
        })
        .from(patients)
        .innerJoin(clinics, eq(clinics.id, patients.clinicId))
        .where(inArray(patients.id, [...patientIds]));
      return options.lock ? query.for('update', { of: patients }) : query;
    },

    async findPatientIdsByClinic(clinicId: string): Promise<string[]> {
      const rows = await db
        .select({ id: patients.id })
        .from(patients)
        .where(eq(patients.clinicId, clinicId))
        .orderBy(asc(patients.id));
      return rows.map((r) => r.id);
    },

    /** Readings not removed, taken at or after `since`, oldest first. */
    findReadingsSince(patientIds: readonly string[], since: Date): Promise<PatientReading[]> {
      return db
        .select(readingFields)
        .from(readings)
        .where(and(inArray(readings.patientId, [...patientIds]), notRemoved, gte(readings.takenAt, since)))
        .orderBy(asc(readings.patientId), asc(readings.takenAt));
    },

    /** Each patient's latest reading before an instant (with a blood pressure, when `bpOnly`). */
    findLatestReadingsBefore(
      patientIds: readonly string[],
      before: Date,
      options: { bpOnly: boolean },
    ): Promise<PatientReading[]> {
      if (patientIds.length === 0) return Promise.resolve([]);
      return db
        .selectDistinctOn([readings.patientId], readingFields)
        .from(readings)
        .where(
          and(
            inArray(readings.patientId, [...patientIds]),
            notRemoved,
            lt(readings.takenAt, before),
            options.bpOnly ? isNotNull(readings.systolic) : undefined,
          ),
        )
        .orderBy(asc(readings.patientId), desc(readings.takenAt));
    },

    /** Alerts not dismissed (active or snoozed): what the alert count, category and snooze end come from. */
    findUndismissedAlerts(
      patientIds: readonly string[],
    ): Promise<{ patientId: string; category: AlertCategory; snoozedUntil: Date | null }[]> {
      return db
        .select({ patientId: alerts.patientId, category: alerts.category, snoozedUntil: alerts.snoozedUntil })
        .from(alerts)
        .where(and(inArray(alerts.patientId, [...patientIds]), isNull(alerts.dismissedAt)));
    },

    /** Latest completed and attempted call of each patient, and the attempted calls within [from, to). */
    findCallSummaries(patientIds: readonly string[], from: Date, to: Date) {
      return db
        .select({
          patientId: calls.patientId,
          lastCompleted:
            sql<Date | null>`max(${calls.at}) filter (where ${calls.outcome} = 'completed')`.mapWith(
              calls.at,
            ),
          lastAttempted:
            sql<Date | null>`max(${calls.at}) filter (where ${calls.outcome} = 'attempted')`.mapWith(
              calls.at,
            ),
          attemptedInRange: sql<number>`(count(*) filter (where ${calls.outcome} = 'attempted' and ${calls.at} >= ${from.toISOString()}::timestamptz and ${calls.at} < ${to.toISOString()}::timestamptz))::int`,
        })
        .from(calls)
        .where(inArray(calls.patientId, [...patientIds]))
        .groupBy(calls.patientId);
    },

    /** Seconds tracked on each patient within [from, to). */
    findTrackedSeconds(patientIds: readonly string[], from: Date, to: Date) {
      return db
        .select({
          patientId: timeEntries.patientId,
          seconds: sql<number>`coalesce(sum(${timeEntries.seconds}), 0)::int`,
        })
        .from(timeEntries)
        .where(
          and(
            inArray(timeEntries.patientId, [...patientIds]),
            gte(timeEntries.at, from),
            lt(timeEntries.at, to),
          ),
        )
        .groupBy(timeEntries.patientId);
    },

    /**
     * Writes the rows, replacing older ones. `onlyIfNewer` keeps a row computed later than this one: a
     * batch reads many patients before it writes, and a reading stored meanwhile must not be undone.
     */
    async upsertMetrics(rows: readonly NewPatientMetrics[], options: { onlyIfNewer?: boolean } = {}) {
      if (rows.length === 0) return;
      // Rows in key order: concurrent batches then lock shared rows in the same order and cannot deadlock.
      const sorted = [...rows].sort((a, b) =>
        a.patientId < b.patientId ? -1 : a.patientId > b.patientId ? 1 : 0,
      );
      await executePrepared(
        db,
        sql`${insertMetrics(sorted)} ${metricsUpdate}${options.onlyIfNewer ? onlyIfNewer : sql``}`,
      );
    },

    /**
     * Recounts a patient's rollups of these calendar days ('YYYY-MM-DD' in `timeZone`) from readings not
     * removed, time entries and calls. A day left with nothing keeps a row of zeros.
     */
    async upsertDayRollups(
      patient: { id: string; clinicId: string },
      timeZone: string,
      days: readonly string[],
    ) {
      if (days.length === 0) return;
      const dayStart = sql`(d.day::timestamp at time zone ${timeZone})`;
      const dayEnd = sql`((d.day + 1)::timestamp at time zone ${timeZone})`;
      const readingsOfDay = sql`from ${readings} r where r.patient_id = ${patient.id} and r.removed_at is null
        and r.taken_at >= ${dayStart} and r.taken_at < ${dayEnd}`;
      const callsOfDay = sql`from ${calls} c where c.patient_id = ${patient.id}
        and c.at >= ${dayStart} and c.at < ${dayEnd}`;
      await db.execute(sql`
        insert into ${patientDayRollups}
          (clinic_id, patient_id, day, readings, device_readings, tracked_seconds, attempted_calls, completed_calls)
        select ${patient.clinicId}::uuid, ${patient.id}::uuid, d.day,
          (select count(*)::int ${readingsOfDay}),
          (select count(*)::int ${readingsOfDay} and r.source <> 'MANUAL'),
          (select coalesce(sum(t.seconds), 0)::int from ${timeEntries} t where t.patient_id = ${patient.id} and t.day = d.day),
          (select count(*)::int ${callsOfDay} and c.outcome = 'attempted'),
          (select count(*)::int ${callsOfDay} and c.outcome = 'completed')
        from unnest(${`{${days.join(',')}}`}::date[]) as d(day)
        on conflict (patient_id, day) do update set
          readings = excluded.readings, device_readings = excluded.device_readings,
          tracked_seconds = excluded.tracked_seconds, attempted_calls = excluded.attempted_calls,
          completed_calls = excluded.completed_calls`);
    },

    /**
     * Recounts the rollups of many patients' calendar days in one statement: each entry names a patient,
     * their clinic, a day ('YYYY-MM-DD') and the zone that day is in.
     */
    async upsertManyDayRollups(entries: readonly DayRollupEntry[]) {
      if (entries.length === 0) return;
      await executePrepared(db, upsertDayRollupsSql(entries));
    },

    /**
     * What the list metrics of these patients depend on, in one statement (a batch of readings refreshes
     * them at webhook rates, DESIGN 7), each patient with their own period: the readings of the metrics
     * window, the latest reading and BP reading before it when the window has none, the alerts not
     * dismissed, the calls and the time tracked in the month. With `rollups`, the same statement recounts
     * those day rollups first (data-modifying CTE); the facts read do not depend on them.
     */
    async findMetricsFacts(
      periods: readonly MetricsPeriod[],
      rollups: readonly DayRollupEntry[] = [],
    ): Promise<Map<string, PatientMetricsFacts>> {
      if (periods.length === 0) return new Map();
      const json = JSON.stringify(
        periods.map((p) => ({
          patient_id: p.patientId,
          window_start: p.windowStart.toISOString(),
          month_start: p.monthStart.toISOString(),
          next_month_start: p.nextMonthStart.toISOString(),
        })),
      );
      const rollupCte = rollups.length ? sql`rollups as (${upsertDayRollupsSql(rollups)}), ` : sql``;
      const readingJson = (r: string) =>
        sql.raw(`json_build_object('date', ${r}.taken_at, 'systolic', ${r}.systolic, 'diastolic', ${r}.diastolic,
          'heartRate', ${r}.heart_rate, 'weight', ${r}.weight_lbs, 'source', ${r}.source)`);
      type FactsRow = {
        patient_id: string;
        readings: ReadingJson[] | null;
        older_latest: ReadingJson | null;
        older_latest_bp: ReadingJson | null;
        alerts: { category: AlertCategory; snoozedUntil: string | null }[] | null;
        last_completed: string | null;
        last_attempted: string | null;
        attempted: number;
        tracked: number;
      };
      const result = await executePrepared<FactsRow>(
        db,
        sql`
        with ${rollupCte}s as (
          select * from jsonb_to_recordset(${json}::jsonb) as x(patient_id uuid, window_start timestamptz,
            month_start timestamptz, next_month_start timestamptz)
        )
        select s.patient_id,
          (select json_agg(${readingJson('r')} order by r.taken_at) from ${readings} r
            where r.patient_id = s.patient_id and r.removed_at is null and r.taken_at >= s.window_start
          ) as readings,
          (select ${readingJson('r')} from ${readings} r
            where r.patient_id = s.patient_id and r.removed_at is null and r.taken_at < s.window_start
              and not exists (select 1 from ${readings} w where w.patient_id = s.patient_id
                and w.removed_at is null and w.taken_at >= s.window_start)
            order by r.taken_at desc limit 1
          ) as older_latest,
          (select ${readingJson('r')} from ${readings} r
            where r.patient_id = s.patient_id and r.removed_at is null and r.taken_at < s.window_start
              and r.systolic is not null
              and not exists (select 1 from ${readings} w where w.patient_id = s.patient_id
                and w.removed_at is null and w.taken_at >= s.window_start and w.systolic is not null)
            order by r.taken_at desc limit 1
          ) as older_latest_bp,
          (select json_agg(json_build_object('category', a.category, 'snoozedUntil', a.snoozed_until))
            from ${alerts} a where a.patient_id = s.patient_id and a.dismissed_at is null
          ) as alerts,
          c.last_completed, c.last_attempted, c.attempted,
          (select coalesce(sum(t.seconds), 0)::int from ${timeEntries} t
            where t.patient_id = s.patient_id and t.at >= s.month_start and t.at < s.next_month_start
          ) as tracked
        from s
        cross join lateral (
          select max(k.at) filter (where k.outcome = 'completed') as last_completed,
            max(k.at) filter (where k.outcome = 'attempted') as last_attempted,
            (count(*) filter (where k.outcome = 'attempted' and k.at >= s.month_start
              and k.at < s.next_month_start))::int as attempted
          from ${calls} k where k.patient_id = s.patient_id
        ) c`,
      );
      const reading = (r: ReadingJson): Reading => ({ ...r, date: new Date(r.date) });
      const date = (v: string | Date | null) => (v === null ? null : new Date(v));
      return new Map(
        result.rows.map((row) => [
          row.patient_id,
          {
            readings: (row.readings ?? []).map(reading),
            olderLatest: row.older_latest ? reading(row.older_latest) : undefined,
            olderLatestBp: row.older_latest_bp ? reading(row.older_latest_bp) : undefined,
            alerts: (row.alerts ?? []).map((a) => ({
              category: a.category,
              snoozedUntil: date(a.snoozedUntil),
            })),
            lastCompletedCall: date(row.last_completed),
            lastAttemptedCall: date(row.last_attempted),
            attemptedCallsThisMonth: row.attempted,
            trackedSecondsThisMonth: row.tracked,
          },
        ]),
      );
    },

    /** Rebuilds every rollup of a clinic from its rows, in one statement (seed and scale fixture). */
    async rebuildClinicDayRollups(clinicId: string, timeZone: string) {
      await db.delete(patientDayRollups).where(eq(patientDayRollups.clinicId, clinicId));
      await db.execute(sql`
        insert into ${patientDayRollups}
          (clinic_id, patient_id, day, readings, device_readings, tracked_seconds, attempted_calls, completed_calls)
        select ${clinicId}::uuid, patient_id, day, sum(n)::int, sum(device)::int, sum(secs)::int, sum(att)::int, sum(comp)::int
        from (
          select patient_id, (taken_at at time zone ${timeZone})::date as day,
            1 as n, (source <> 'MANUAL')::int as device, 0 as secs, 0 as att, 0 as comp
          from ${readings} where clinic_id = ${clinicId} and removed_at is null
          union all
          select patient_id, day, 0, 0, seconds, 0, 0 from ${timeEntries} where clinic_id = ${clinicId}
          union all
          select patient_id, (at at time zone ${timeZone})::date,
            0, 0, 0, (outcome = 'attempted')::int, (outcome = 'completed')::int
          from ${calls} where clinic_id = ${clinicId}
        ) as facts
        group by patient_id, day`);
    },

    /** Patients with a snooze that has run out by `now`, whose alert count must now include it. */
    async findPatientIdsWithSnoozeEndedBy(now: Date): Promise<string[]> {
      const rows = await db
        .select({ id: patientMetrics.patientId })
        .from(patientMetrics)
        .where(lte(patientMetrics.nextSnoozeEnd, now));
      return rows.map((r) => r.id);
    },

    findClinics(): Promise<{ id: string; timeZone: string }[]> {
      return db.select({ id: clinics.id, timeZone: clinics.timeZone }).from(clinics).orderBy(asc(clinics.id));
    },

    /** Whether some patient of the clinic has no metrics, or metrics computed before `instant`. */
    async hasMetricsOlderThan(clinicId: string, instant: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: patients.id })
        .from(patients)
        .leftJoin(patientMetrics, eq(patientMetrics.patientId, patients.id))
        .where(
          and(
            eq(patients.clinicId, clinicId),
            sql`(${patientMetrics.patientId} is null or ${patientMetrics.computedAt} < ${instant})`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}

export type PatientMetricsRepository = ReturnType<typeof createPatientMetricsRepository>;
