import { calendarDay, startOfCalendarDay } from '@vigil/core';
import type { PgBoss } from 'pg-boss';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { createAuditService } from '../features/audit/audit.service.js';
import { createPatientMetricsRepository } from '../features/patients/patient-metrics.repository.js';
import { refreshClinicMetrics } from '../features/patients/patient-metrics.service.js';
import { createReadingsService } from '../features/readings/readings.service.js';

export const refreshMetricsQueue = 'metrics-refresh';

export interface RefreshMetricsDeps {
  db: Db;
  clock: Clock;
}

const readingsService = (deps: RefreshMetricsDeps) =>
  createReadingsService({ ...deps, audit: createAuditService({ clock: deps.clock }) });

/**
 * The day-based figures (days since the last reading, the last 7 and 30 days, the month) move at midnight
 * in each clinic's zone (DESIGN 3). A clinic whose metrics were computed before its today began gets its
 * adherence evaluated and every patient refreshed. Checking staleness, rather than firing at a clock time
 * per zone, serves every zone with one schedule and catches up after the server was down.
 * Answers the clinics refreshed.
 */
export async function refreshMetricsAfterMidnight(deps: RefreshMetricsDeps): Promise<string[]> {
  const repo = createPatientMetricsRepository(deps.db);
  const readings = readingsService(deps);
  const refreshed: string[] = [];
  for (const clinic of await repo.findClinics()) {
    const now = deps.clock.now();
    const todayStart = startOfCalendarDay(calendarDay(now, clinic.timeZone), clinic.timeZone);
    if (!(await repo.hasMetricsOlderThan(clinic.id, todayStart))) continue;
    await readings.evaluateClinicAdherence(clinic.id);
    await refreshClinicMetrics(deps.db, clinic.id, deps.clock.now());
    refreshed.push(clinic.id);
  }
  return refreshed;
}

/**
 * Adherence alerts of every clinic, evaluated at now, so a clinic sees them early in its day whatever
 * happened at midnight. Answers the patients for whom one opened (their metrics are refreshed).
 */
export async function evaluateAdherenceOfAllClinics(deps: RefreshMetricsDeps): Promise<string[]> {
  const readings = readingsService(deps);
  const opened: string[] = [];
  for (const clinic of await createPatientMetricsRepository(deps.db).findClinics()) {
    opened.push(...(await readings.evaluateClinicAdherence(clinic.id)));
  }
  return opened;
}

type RefreshTask = { task: 'midnight' } | { task: 'adherence' };

/**
 * One queue for both runs, at most one job active at a time, so the midnight run and the hourly one never
 * evaluate the same patient's adherence at once (which could open an alert twice).
 */
export async function startRefreshMetrics(boss: PgBoss, deps: RefreshMetricsDeps) {
  await boss.createQueue(refreshMetricsQueue, { policy: 'singleton' });
  await boss.schedule(refreshMetricsQueue, '*/5 * * * *', { task: 'midnight' }, { key: 'midnight' });
  await boss.schedule(refreshMetricsQueue, '2 * * * *', { task: 'adherence' }, { key: 'adherence' });
  await boss.work<RefreshTask>(refreshMetricsQueue, async (jobs) => {
    for (const job of jobs) {
      if (job.data.task === 'midnight') await refreshMetricsAfterMidnight(deps);
      else await evaluateAdherenceOfAllClinics(deps);
    }
  });
}
