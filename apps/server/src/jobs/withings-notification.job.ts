import type { JobResult, PgBoss } from 'pg-boss';
import type {
  PullTotals,
  VendorPullService,
  WithingsNotification,
} from '../features/ingestion/vendor-pulls.service.js';
import { VendorUnavailableError } from '../integrations/vendors/vendor-error.js';

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

interface NotificationDeps {
  pulls: VendorPullService;
  log: { warn(entry: object, message: string): void };
}

/**
 * One job of the queue, settled on its own: completed with its totals, or failed (pg-boss retries it) and
 * said in the log, or a key or an outage that fails every pull shows only as readings missing. The log
 * says what failed, never a value or a patient (DESIGN 5).
 */
export async function settleWithingsNotification(
  deps: NotificationDeps,
  job: { id: string; data: WithingsNotification; retryCount: number },
): Promise<JobResult> {
  try {
    return { id: job.id, status: 'completed', output: await handleWithingsNotification(deps, job.data) };
  } catch (error) {
    const detail =
      error instanceof VendorUnavailableError
        ? error.detail
        : error instanceof Error
          ? error.message
          : String(error);
    deps.log.warn({ detail, retried: job.retryCount }, 'Withings notification could not be pulled');
    return { id: job.id, status: 'failed', output: error };
  }
}

export async function startWithingsNotifications(
  boss: PgBoss,
  deps: NotificationDeps,
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
      for (const job of jobs) results.push(await settleWithingsNotification(deps, job));
      return results;
    },
  );
  return (notification) => boss.send(withingsNotificationQueue, notification).then(() => undefined);
}
