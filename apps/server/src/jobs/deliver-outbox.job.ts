import type { PgBoss } from 'pg-boss';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { createOutboxRepository } from '../features/outbox/outbox.repository.js';
import type { EmailProvider } from '../integrations/email/email-provider.js';
import type { SmsProvider } from '../integrations/sms/sms-provider.js';

export const deliverOutboxQueue = 'outbox-deliver';
const retryLimit = 6;

export interface DeliverOutboxDeps {
  db: Db;
  clock: Clock;
  sms: SmsProvider;
  email: EmailProvider;
}

/** Sends one queued message. Throws on a provider failure so pg-boss retries it with back-off. */
export async function deliverOutboxMessage(
  deps: DeliverOutboxDeps,
  id: string,
  isLastTry: boolean,
): Promise<void> {
  const repo = createOutboxRepository(deps.db);
  const message = await repo.findById(id);
  if (message?.status !== 'pending') return;
  try {
    const { providerId } =
      message.channel === 'sms'
        ? await deps.sms.send({ to: message.to, from: message.from, body: message.body })
        : await deps.email.send({ to: message.to, subject: message.subject ?? '', text: message.body });
    await repo.markSent(id, providerId, deps.clock.now());
  } catch (error) {
    await repo.markAttemptFailed(id, error instanceof Error ? error.message : String(error), isLastTry);
    throw error;
  }
}

export async function startDeliverOutbox(boss: PgBoss, deps: DeliverOutboxDeps) {
  await boss.createQueue(deliverOutboxQueue, { retryLimit, retryDelay: 30, retryBackoff: true });
  await boss.work<{ id: string }>(deliverOutboxQueue, { pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) {
      await deliverOutboxMessage(deps, job.data.id, (job.retryCount ?? 0) >= retryLimit);
    }
  });
  // Messages queued while the server was down (or whose job was lost) are picked up at start.
  for (const id of await createOutboxRepository(deps.db).findIdsByStatus('pending')) {
    await boss.send(deliverOutboxQueue, { id });
  }
  return (id: string) => boss.send(deliverOutboxQueue, { id }).then(() => undefined);
}
