import {
  calendarDay,
  computeListMetrics,
  highestPriorityAlertCategory,
  isAlertActive,
  priorityScore,
  resolveThresholds,
} from '@vigil/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import {
  alerts,
  calls,
  clinics,
  patientMetrics,
  patients,
  readings,
  timeEntries,
} from '../db/schema/index.js';

const dayMs = 86_400_000;

/**
 * A patient's list fields computed the slow, obvious way, straight from every row with the core's rules,
 * to check the stored `patient_metrics` row against (which is computed from a window of readings).
 */
export async function expectedMetrics(db: DbOrTx, patientId: string, now: Date) {
  const [patient] = await db
    .select({ p: patients, timeZone: clinics.timeZone, clinicAlerts: clinics.customAlerts })
    .from(patients)
    .innerJoin(clinics, eq(clinics.id, patients.clinicId))
    .where(eq(patients.id, patientId));
  if (!patient) throw new Error(`no patient ${patientId}`);
  const { timeZone } = patient;
  const all = await db
    .select()
    .from(readings)
    .where(and(eq(readings.patientId, patientId), isNull(readings.removedAt)));
  const today = calendarDay(now, timeZone);
  const month = new Date(today * dayMs);
  const inMonth = (d: Date) => {
    const day = new Date(calendarDay(d, timeZone) * dayMs);
    return day.getUTCFullYear() === month.getUTCFullYear() && day.getUTCMonth() === month.getUTCMonth();
  };
  const metrics = computeListMetrics({
    readings: all.map((r) => ({
      date: r.takenAt,
      systolic: r.systolic,
      diastolic: r.diastolic,
      heartRate: r.heartRate,
      weight: r.weightLbs,
      source: r.source,
    })),
    now,
    timeZone,
    month: month.getUTCMonth() + 1,
    year: month.getUTCFullYear(),
    thresholds: resolveThresholds(patient.clinicAlerts, patient.p.customAlerts),
  });
  const patientAlerts = await db.select().from(alerts).where(eq(alerts.patientId, patientId));
  const active = patientAlerts.filter((a) => isAlertActive(a, now));
  const patientCalls = await db.select().from(calls).where(eq(calls.patientId, patientId));
  const latest = (outcome: string) =>
    patientCalls
      .filter((c) => c.outcome === outcome)
      .map((c) => c.at.getTime())
      .sort((a, b) => b - a)[0] ?? null;
  const time = await db.select().from(timeEntries).where(eq(timeEntries.patientId, patientId));
  const futureSnoozes = patientAlerts
    .filter((a) => !a.dismissedAt && a.snoozedUntil && a.snoozedUntil.getTime() > now.getTime())
    .map((a) => a.snoozedUntil!.getTime());
  return {
    percentageReadingsOnTarget: metrics.percentageReadingsOnTarget,
    avgSystolic: metrics.avgSystolic,
    avgDiastolic: metrics.avgDiastolic,
    percentageReadingsCompliant: metrics.percentageReadingsCompliant,
    mostRecentWeight: metrics.mostRecentWeight,
    hasAcuteWeightGain: metrics.hasAcuteWeightGain,
    hasIntermediateWeightGain: metrics.hasIntermediateWeightGain,
    numDaysWithReadings: metrics.numDaysWithReadings,
    lastReading: metrics.lastReading?.getTime() ?? null,
    lastBpReadingAt: metrics.lastBpReading?.date.getTime() ?? null,
    lastBpSystolic: metrics.lastBpReading?.systolic ?? null,
    lastBpDiastolic: metrics.lastBpReading?.diastolic ?? null,
    numActiveAlerts: active.length,
    highestPriorityAlertCategory: highestPriorityAlertCategory(active),
    lastCompletedCall: latest('completed'),
    lastAttemptedCall: latest('attempted'),
    attemptedCallsCount: patientCalls.filter((c) => c.outcome === 'attempted' && inMonth(c.at)).length,
    trackedTimeThisMonth: time.filter((t) => inMonth(t.at)).reduce((sum, t) => sum + t.seconds, 0),
    priorityScore: priorityScore({
      activeAlerts: active,
      daysSinceLastReading: metrics.lastReading ? today - calendarDay(metrics.lastReading, timeZone) : null,
      highPriority: patient.p.highPriority,
      active: patient.p.active,
      enrolled: patient.p.enrolled,
    }),
    nextSnoozeEnd: futureSnoozes.length ? Math.min(...futureSnoozes) : null,
    metricsMonth: month.getUTCFullYear() * 100 + month.getUTCMonth() + 1,
  };
}

/** The stored row in the same shape as `expectedMetrics` (instants as epoch milliseconds). */
export async function storedMetrics(db: DbOrTx, patientId: string) {
  const [row] = await db.select().from(patientMetrics).where(eq(patientMetrics.patientId, patientId));
  if (!row) return undefined;
  const ms = (d: Date | null) => d?.getTime() ?? null;
  return {
    percentageReadingsOnTarget: row.percentageReadingsOnTarget,
    avgSystolic: row.avgSystolic,
    avgDiastolic: row.avgDiastolic,
    percentageReadingsCompliant: row.percentageReadingsCompliant,
    mostRecentWeight: row.mostRecentWeight,
    hasAcuteWeightGain: row.hasAcuteWeightGain,
    hasIntermediateWeightGain: row.hasIntermediateWeightGain,
    numDaysWithReadings: row.numDaysWithReadings,
    lastReading: ms(row.lastReading),
    lastBpReadingAt: ms(row.lastBpReadingAt),
    lastBpSystolic: row.lastBpSystolic,
    lastBpDiastolic: row.lastBpDiastolic,
    numActiveAlerts: row.numActiveAlerts,
    highestPriorityAlertCategory: row.highestPriorityAlertCategory,
    lastCompletedCall: ms(row.lastCompletedCall),
    lastAttemptedCall: ms(row.lastAttemptedCall),
    attemptedCallsCount: row.attemptedCallsCount,
    trackedTimeThisMonth: row.trackedTimeThisMonth,
    priorityScore: row.priorityScore,
    nextSnoozeEnd: ms(row.nextSnoozeEnd),
    metricsMonth: row.metricsMonth,
  };
}
