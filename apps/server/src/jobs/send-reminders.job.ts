import { reminderSlotAt } from '@vigil/core';
import type { PgBoss } from 'pg-boss';
import type { Clock } from '../clock.js';
import type { RemindersService } from '../features/reminders/reminders.service.js';

export const sendRemindersQueue = 'sms-reminders';

export interface SendRemindersDeps {
  clock: Clock;
  reminders: Pick<RemindersService, 'sendSlot'>;
}

/**
 * The reading reminders of the half-hour slot the clock is in (DESIGN 4). A run that starts late still
 * serves its own slot; each patient's slot is claimed once, so a retry or a second worker sends nothing
 * twice. Answers how many were sent.
 */
export async function sendDueReminders(deps: SendRemindersDeps): Promise<number> {
  return deps.reminders.sendSlot(reminderSlotAt(deps.clock.now()));
}

/** Every half hour, on the hour and the half hour; one run at a time. */
export async function startSendReminders(boss: PgBoss, deps: SendRemindersDeps) {
  await boss.createQueue(sendRemindersQueue, { policy: 'singleton' });
  await boss.schedule(sendRemindersQueue, '0,30 * * * *');
  await boss.work(sendRemindersQueue, async () => {
    await sendDueReminders(deps);
  });
}
