import {
  calendarDay,
  computeListMetrics,
  highestPriorityAlertCategory,
  isAlertActive,
  priorityScore,
  resolveThresholds,
  startOfCalendarDay,
} from '@vigil/core';
import type { DbOrTx } from '../../db/client.js';
import { isUuid } from '../../db/uuid.js';
import {
  createPatientMetricsRepository,
  type MetricsSubject,
  type NewPatientMetrics,
  type PatientMetricsFacts,
  type PatientMetricsRepository,
} from './patient-metrics.repository.js';

const dayMs = 86_400_000;
/**
 * Readings the list metrics need: the last 30 days (on target, compliance, latest weight), the month (within
 * them), and the 6 days before the oldest of them, where the 7-day weight rule of a weight 29 days old
 * looks. The last reading of a patient silent for longer is looked up on its own.
 */
const metricsWindowDays = 36;
/** Patients per round of queries: keeps `in (...)` lists and the rows in memory bounded at 10,000 patients. */
const batchSize = 500;

/** A `calendarDay` number as the 'YYYY-MM-DD' of a `date` column. */
export const isoDay = (day: number): string => new Date(day * dayMs).toISOString().slice(0, 10);

/** The month (1-12) and year of a `calendarDay` number. */
export function monthOfDay(day: number): { year: number; month: number } {
  const date = new Date(day * dayMs);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

/** The clinic-zone calendar and month that the metrics of `now` are about. */
function period(now: Date, timeZone: string) {
  const today = calendarDay(now, timeZone);
  const { year, month } = monthOfDay(today);
  const nextMonthFirst = Date.UTC(year, month, 1) / dayMs;
  return {
    today,
    year,
    month,
    windowStart: startOfCalendarDay(today - metricsWindowDays + 1, timeZone),
    monthStart: startOfCalendarDay(Date.UTC(year, month - 1, 1) / dayMs, timeZone),
    nextMonthStart: startOfCalendarDay(nextMonthFirst, timeZone),
  };
}

/** The stored list fields of one patient, every figure from the core's rules (DESIGN 3, 4). */
function metricsRow(subject: MetricsSubject, facts: PatientMetricsFacts, now: Date): NewPatientMetrics {
  const p = period(now, subject.timeZone);
  const thresholds = resolveThresholds(subject.clinicCustomAlerts, subject.customAlerts);
  const metrics = computeListMetrics({
    readings: facts.readings,
    now,
    timeZone: subject.timeZone,
    month: p.month,
    year: p.year,
    thresholds,
  });
  const lastReading = metrics.lastReading ?? facts.olderLatest?.date ?? null;
  const older = facts.olderLatestBp;
  const lastBp =
    metrics.lastBpReading ??
    (older && typeof older.systolic === 'number'
      ? { date: older.date, systolic: older.systolic, diastolic: older.diastolic ?? null }
      : null);
  const activeAlerts = facts.alerts.filter((a) => isAlertActive(a, now));
  const snoozeEnds = facts.alerts
    .map((a) => a.snoozedUntil?.getTime())
    .filter((t): t is number => t !== undefined && t > now.getTime());
  return {
    patientId: subject.id,
    clinicId: subject.clinicId,
    percentageReadingsOnTarget: metrics.percentageReadingsOnTarget,
    avgSystolic: metrics.avgSystolic,
    avgDiastolic: metrics.avgDiastolic,
    percentageReadingsCompliant: metrics.percentageReadingsCompliant,
    mostRecentWeight: metrics.mostRecentWeight,
    hasAcuteWeightGain: metrics.hasAcuteWeightGain,
    hasIntermediateWeightGain: metrics.hasIntermediateWeightGain,
    numDaysWithReadings: metrics.numDaysWithReadings,
    lastReading,
    lastBpReadingAt: lastBp?.date ?? null,
    lastBpSystolic: lastBp?.systolic ?? null,
    lastBpDiastolic: lastBp?.diastolic ?? null,
    numActiveAlerts: activeAlerts.length,
    highestPriorityAlertCategory: highestPriorityAlertCategory(activeAlerts),
    lastCompletedCall: facts.lastCompletedCall,
    lastAttemptedCall: facts.lastAttemptedCall,
    attemptedCallsCount: facts.attemptedCallsThisMonth,
    trackedTimeThisMonth: facts.trackedSecondsThisMonth,
    priorityScore: priorityScore({
      activeAlerts,
      daysSinceLastReading: lastReading ? p.today - calendarDay(lastReading, subject.timeZone) : null,
      highPriority: subject.highPriority,
      active: subject.active,
      enrolled: subject.enrolled,
    }),
    nextSnoozeEnd: snoozeEnds.length ? new Date(Math.min(...snoozeEnds)) : null,
    metricsMonth: p.year * 100 + p.month,
    computedAt: now,
  };
}

const groupBy = <T, K>(items: readonly T[], key: (item: T) => K) => {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
};

/** Loads what the metrics of patients of one time zone depend on, in a fixed number of queries. */
async function computeRows(
  repo: PatientMetricsRepository,
  subjects: readonly MetricsSubject[],
  timeZone: string,
  now: Date,
): Promise<NewPatientMetrics[]> {
  const ids = subjects.map((s) => s.id);
  const p = period(now, timeZone);
  const [windowReadings, alertRows, callRows, timeRows] = [
    groupBy(await repo.findReadingsSince(ids, p.windowStart), (r) => r.patientId),
    groupBy(await repo.findUndismissedAlerts(ids), (a) => a.patientId),
    new Map((await repo.findCallSummaries(ids, p.monthStart, p.nextMonthStart)).map((c) => [c.patientId, c])),
    new Map(
      (await repo.findTrackedSeconds(ids, p.monthStart, p.nextMonthStart)).map((t) => [t.patientId, t]),
    ),
  ];
  // Only a patient silent for the whole window needs a look further back, for Last Reading.
  const silent = ids.filter((id) => !windowReadings.has(id));
  const older = new Map(
    (await repo.findLatestReadingsBefore(silent, p.windowStart, { bpOnly: false })).map((r) => [
      r.patientId,
      r,
    ]),
  );
  const noBp = ids.filter((id) => !windowReadings.get(id)?.some((r) => typeof r.systolic === 'number'));
  const olderBp = new Map(
    (await repo.findLatestReadingsBefore(noBp, p.windowStart, { bpOnly: true })).map((r) => [r.patientId, r]),
  );
  return subjects.map((subject) => {
    const calls = callRows.get(subject.id);
    return metricsRow(
      subject,
      {
        readings: windowReadings.get(subject.id) ?? [],
        olderLatest: older.get(subject.id),
        olderLatestBp: olderBp.get(subject.id),
        alerts: alertRows.get(subject.id) ?? [],
        lastCompletedCall: calls?.lastCompleted ?? null,
        lastAttemptedCall: calls?.lastAttempted ?? null,
        attemptedCallsThisMonth: calls?.attemptedInRange ?? 0,
        trackedSecondsThisMonth: timeRows.get(subject.id)?.seconds ?? 0,
      },
      now,
    );
  });
}

/**
 * Recomputes one patient's list fields (DESIGN 3) as of `now` and stores them; with `touchedDays`, also
 * recounts the per-day rollups of those instants' calendar days (clinic zone). Call it inside the
 * transaction of the write that changed them: it locks the patient's row, so concurrent writers of one
 * patient refresh one after the other. An unknown patient id is ignored.
 */
export async function refreshPatientMetrics(
  db: DbOrTx,
  patientId: string,
  now: Date,
  touchedDays?: Date[],
): Promise<void> {
  if (!isUuid(patientId)) return;
  const repo = createPatientMetricsRepository(db);
  const [subject] = await repo.findSubjects([patientId], { lock: true });
  if (!subject) return;
  if (touchedDays?.length) {
    const days = new Set(
      touchedDays
        .filter((d) => !Number.isNaN(d.getTime()))
        .map((d) => isoDay(calendarDay(d, subject.timeZone))),
    );
    await repo.upsertDayRollups(subject, subject.timeZone, [...days]);
  }
  await repo.upsertMetrics(await computeRows(repo, [subject], subject.timeZone, now));
}

/**
 * Recomputes the list fields of patients whose rows the caller has locked in this transaction (a batch of
 * readings), as `refreshPatientMetrics` does for one, in two statements however many they are: one
 * recounts the rollups of every patient's touched days (instants, counted in the clinic's zone) and reads
 * what the metrics depend on, the other writes the rows.
 */
export async function refreshLockedPatientsMetrics(
  db: DbOrTx,
  subjects: readonly MetricsSubject[],
  now: Date,
  touchedDays: ReadonlyMap<string, readonly Date[]> = new Map(),
): Promise<void> {
  if (subjects.length === 0) return;
  const repo = createPatientMetricsRepository(db);
  const rollups = subjects.flatMap((subject) => {
    const days = new Set(
      (touchedDays.get(subject.id) ?? [])
        .filter((d) => !Number.isNaN(d.getTime()))
        .map((d) => isoDay(calendarDay(d, subject.timeZone))),
    );
    return [...days].map((day) => ({
      patientId: subject.id,
      clinicId: subject.clinicId,
      day,
      timeZone: subject.timeZone,
    }));
  });
  const periods = new Map<string, ReturnType<typeof period>>();
  const periodOf = (timeZone: string) => {
    const known = periods.get(timeZone);
    if (known) return known;
    const p = period(now, timeZone);
    periods.set(timeZone, p);
    return p;
  };
  const facts = await repo.findMetricsFacts(
    subjects.map((s) => ({ patientId: s.id, ...periodOf(s.timeZone) })),
    rollups,
  );
  await repo.upsertMetrics(
    subjects.flatMap((subject) => {
      const f = facts.get(subject.id);
      return f ? [metricsRow(subject, f, now)] : [];
    }),
  );
}

/**
 * Recomputes many patients' list fields in batches of a fixed number of queries each (jobs, seed). It
 * takes no locks; a row that a writer refreshed after `now` is kept rather than overwritten.
 */
export async function refreshManyPatientMetrics(
  db: DbOrTx,
  patientIds: readonly string[],
  now: Date,
): Promise<void> {
  const repo = createPatientMetricsRepository(db);
  for (let i = 0; i < patientIds.length; i += batchSize) {
    const subjects = await repo.findSubjects(patientIds.slice(i, i + batchSize));
    for (const [timeZone, group] of groupBy(subjects, (s) => s.timeZone)) {
      await repo.upsertMetrics(await computeRows(repo, group, timeZone, now), { onlyIfNewer: true });
    }
  }
}

/** Recomputes the list fields of every patient of a clinic (the midnight job, the seed). */
export async function refreshClinicMetrics(db: DbOrTx, clinicId: string, now: Date): Promise<void> {
  const ids = await createPatientMetricsRepository(db).findPatientIdsByClinic(clinicId);
  await refreshManyPatientMetrics(db, ids, now);
}

/** Rebuilds every per-day rollup of a clinic from its readings, time and calls (seed, scale fixture). */
export async function rebuildClinicDayRollups(db: DbOrTx, clinic: { id: string; timeZone: string }) {
  await createPatientMetricsRepository(db).rebuildClinicDayRollups(clinic.id, clinic.timeZone);
}
