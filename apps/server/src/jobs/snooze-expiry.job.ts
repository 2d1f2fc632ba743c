import type { PgBoss } from 'pg-boss';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { createPatientMetricsRepository } from '../features/patients/patient-metrics.repository.js';
import { refreshManyPatientMetrics } from '../features/patients/patient-metrics.service.js';

export const snoozeExpiryQueue = 'metrics-snooze-expiry';

/**
 * A snoozed alert becomes active again when its snooze runs out, which no write marks: the patients whose
 * stored `next_snooze_end` has passed are refreshed, so the lists count the alert within 5 minutes
 * (DESIGN 3). Answers the patients refreshed.
 */
export async function refreshExpiredSnoozes(deps: { db: Db; clock: Clock }): Promise<string[]> {
  const now = deps.clock.now();
  const ids = await createPatientMetricsRepository(deps.db).findPatientIdsWithSnoozeEndedBy(now);
  await refreshManyPatientMetrics(deps.db, ids, now);
  return ids;
}

/** Every 5 minutes, the bound DESIGN 3 sets. */
export async function startSnoozeExpiry(boss: PgBoss, deps: { db: Db; clock: Clock }) {
  await boss.createQueue(snoozeExpiryQueue, { policy: 'singleton' });
  await boss.schedule(snoozeExpiryQueue, '*/5 * * * *');
  await boss.work(snoozeExpiryQueue, async () => {
    await refreshExpiredSnoozes(deps);
  });
}
