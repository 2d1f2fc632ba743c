import type { JobResult, PgBoss } from 'pg-boss';
import type {
  PullTotals,
  VendorPullService,
  WithingsNotification,
} from '../features/ingestion/vendor-pulls.service.js';

export const withingsNotificationQueue = 'withings-notification';

/** Queues a notification; the webhook answers Withings at once, the pull happens here. */
export type WithingsNotificationQueue = (notification: WithingsNotification) => Promise<void>;

/**
 * One Withings notification: `getmeas` for its user over its range, every group through the ingestion
 * service. Throws when Withings cannot be reached, so pg-boss retries it with back-off.
 */
export function handleWithingsNotification(
  deps: { pulls: VendorPullService },
  notification: WithingsNotification,
): Promise<PullTotals> {
  return deps.pulls.pullWithingsNotification(notification);
}

export async function startWithingsNotifications(
  boss: PgBoss,
  deps: { pulls: VendorPullService },
): Promise<WithingsNotificationQueue> {
  await boss.createQueue(withingsNotificationQueue, { retryLimit: 8, retryDelay: 30, retryBackoff: true });
  // Up to ten at a time, fetched again at once while a fetch comes back full: a backlog (a clinic's devices
  // after an outage) is worked through at Withings' pace, not one notification per poll. Each is settled on
  // its own, so one that cannot be pulled is retried alone.
  await boss.work<WithingsNotification>(
    withingsNotificationQueue,
    { pollingIntervalSeconds: 1, batchSize: 10, burstWhenBatchFull: true, perJobResults: true },
    async (jobs) => {
      const results: JobResult[] = [];
      for (const job of jobs) {
        try {
          const totals = await handleWithingsNotification(deps, job.data);
          results.push({ id: job.id, status: 'completed', output: totals });
        } catch (error) {
          results.push({ id: job.id, status: 'failed', output: error });
        }
      }
      return results;
    },
  );
  return (notification) => boss.send(withingsNotificationQueue, notification).then(() => undefined);
}
