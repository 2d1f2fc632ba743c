import type { PgBoss } from 'pg-boss';
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
  await boss.work<WithingsNotification>(
    withingsNotificationQueue,
    { pollingIntervalSeconds: 1 },
    async (jobs) => {
      for (const job of jobs) await handleWithingsNotification(deps, job.data);
    },
  );
  return (notification) => boss.send(withingsNotificationQueue, notification).then(() => undefined);
}
