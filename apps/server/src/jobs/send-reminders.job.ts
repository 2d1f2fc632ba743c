import { reminderSlotAt } from '@vigil/core';
import type { PgBoss } from 'pg-boss';
import type { RemindersService } from '../features/reminders/reminders.service.js';

export const sendRemindersQueue = 'sms-reminders';

export interface SendRemindersDeps {
  reminders: Pick<RemindersService, 'sendSlot'>;
}

/**
 * The reading reminders of the half-hour slot each job was scheduled in (DESIGN 4), read from its creation
 * (pg-boss creates a scheduled job within a minute of its time). A run that starts late, or a retry after
 * the slot has ended, still serves the job's own slot; each patient's slot is claimed once, so a retry or a
 * second worker sends nothing twice. Answers how many were sent.
 */
export function remindersWorker(deps: SendRemindersDeps) {
  return async (jobs: readonly { createdOn: Date }[]): Promise<number> => {
    let sent = 0;
    for (const job of jobs) sent += await deps.reminders.sendSlot(reminderSlotAt(job.createdOn));
    return sent;
  };
}

/** Every half hour, on the hour and the half hour; one run at a time. */
export async function startSendReminders(boss: PgBoss, deps: SendRemindersDeps) {
  await boss.createQueue(sendRemindersQueue, { policy: 'singleton' });
  await boss.schedule(sendRemindersQueue, '0,30 * * * *');
  const work = remindersWorker(deps);
  await boss.work(sendRemindersQueue, { includeMetadata: true }, async (jobs) => {
    await work(jobs);
  });
}
