import type { PgBoss } from 'pg-boss';
import type { Clock } from '../clock.js';
import {
  type ReportBatchesService,
  ReportBuildFailed,
  ReportBuildRefused,
  type ReportEnqueuer,
  reportFailureReasons,
} from '../features/reports/report-batches.service.js';

export const buildReportQueue = 'report-build';
export const sweepReportsQueue = 'report-sweep';

/** Three tries in all, half a minute apart. */
const retryLimit = 2;
/**
 * A report younger than this has its job on the way from the request that made it; an older one still
 * pending without a live job (sent while jobs were off, or its send was lost) gets one from the sweep.
 */
export const reportJobGraceMs = 60_000;
/**
 * Longer than three tries can take (each at most `expireInSeconds`, with the delays between): a report
 * still pending after this has no job that will finish it, and fails.
 */
export const reportMaxPendingMs = 2 * 3_600_000;

export interface BuildReportDeps {
  clock: Clock;
  reports: Pick<ReportBatchesService, 'build' | 'fail' | 'findPendingIdsCreatedBefore'>;
  log?: { error(details: object, message: string): void };
}

export interface BuildReportQueueOptions {
  /** How long one try may run; a try's process killed mid-way is retried after this at the latest. */
  expireInSeconds?: number;
  /**
   * A live worker refreshes its claim every half of this; a claim not refreshed (the process died) is
   * retried after it, well before `expireInSeconds`. Generous, since a big PDF's layout holds the event
   * loop for a while.
   */
  heartbeatSeconds?: number;
  retryDelay?: number;
}

/** A report's job missing: not committed yet (retried), or gone. */
export class ReportNotVisibleError extends Error {}

/**
 * One try at building a report. A failure is thrown so pg-boss retries it; a failure that another try
 * cannot cure (no patients), or the last try's, marks the report failed with the reason in words.
 */
export async function buildReportTry(
  deps: BuildReportDeps,
  reportId: string,
  isLastTry: boolean,
  signal?: AbortSignal,
): Promise<void> {
  try {
    const outcome = await deps.reports.build(reportId, signal);
    if (outcome === 'missing' && !isLastTry)
      throw new ReportNotVisibleError(`Report ${reportId} is not visible yet`);
  } catch (error) {
    if (error instanceof ReportNotVisibleError) throw error;
    deps.log?.error({ err: error, reportId }, 'report build failed');
    if (error instanceof ReportBuildRefused) {
      await deps.reports.fail(reportId, error.message);
      return;
    }
    if (isLastTry) {
      await deps.reports.fail(
        reportId,
        error instanceof ReportBuildFailed ? error.reason : reportFailureReasons.render,
      );
    }
    throw error;
  }
}

/**
 * Sends the job of every report pending for longer than the grace (the job's key makes a report that has
 * a live job get no second one), and fails those pending past any job's reach. Answers how many were sent.
 */
export async function sweepPendingReports(deps: BuildReportDeps, send: ReportEnqueuer): Promise<number> {
  const now = deps.clock.now().getTime();
  for (const id of await deps.reports.findPendingIdsCreatedBefore(new Date(now - reportMaxPendingMs)))
    await deps.reports.fail(id, reportFailureReasons.tooLong);
  const ids = await deps.reports.findPendingIdsCreatedBefore(new Date(now - reportJobGraceMs));
  for (const id of ids) await send(id);
  return ids.length;
}

/**
 * The report builder: one job per report, keyed by its id (the queue's exclusive policy keeps one queued
 * or running per report), retried on failure and when a try's process dies (heartbeat and expiry). At start
 * and every five minutes the sweep picks up reports left without a job. Answers the sender for requests.
 */
export async function startBuildReports(
  boss: PgBoss,
  deps: BuildReportDeps,
  options: BuildReportQueueOptions = {},
): Promise<ReportEnqueuer> {
  await boss.createQueue(buildReportQueue, {
    policy: 'exclusive',
    retryLimit,
    retryDelay: options.retryDelay ?? 30,
    expireInSeconds: options.expireInSeconds ?? 30 * 60,
    heartbeatSeconds: options.heartbeatSeconds ?? 120,
  });
  const send: ReportEnqueuer = (reportId) =>
    boss.send(buildReportQueue, { reportId }, { singletonKey: reportId }).then(() => undefined);
  await boss.work<{ reportId: string }>(buildReportQueue, { pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) {
      await buildReportTry(deps, job.data.reportId, (job.retryCount ?? 0) >= retryLimit, job.signal);
    }
  });
  await boss.createQueue(sweepReportsQueue, { policy: 'singleton' });
  await boss.schedule(sweepReportsQueue, '*/5 * * * *');
  await boss.work(sweepReportsQueue, async () => {
    await sweepPendingReports(deps, send);
  });
  await sweepPendingReports(deps, send);
  return send;
}
