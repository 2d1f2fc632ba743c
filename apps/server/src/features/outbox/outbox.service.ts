import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { createOutboxRepository, type NewOutboxMessage } from './outbox.repository.js';

/**
 * Called with a new message's id so the delivery job picks it up at once; a message queued inside a
 * transaction still open is scheduled a little later (the job retries a row it cannot see yet).
 */
export type DeliveryScheduler = (outboxId: string, options?: { delaySeconds?: number }) => Promise<void>;

export function createOutboxService(deps: {
  db: Db;
  clock: Clock;
  schedule: () => DeliveryScheduler | undefined;
}) {
  const repo = createOutboxRepository(deps.db);
  return {
    /** Queues a message; it is delivered by the outbox job, with retries, never inline with the request. */
    async enqueue(message: NewOutboxMessage): Promise<string> {
      const row = await repo.insert(message, deps.clock.now());
      await deps.schedule()?.(row.id);
      return row.id;
    },
    /**
     * Queues a message inside the caller's transaction (a patient's text is stored with it); `deliver` is
     * called once that transaction has committed. Answers the outbox id.
     */
    async enqueueIn(tx: DbOrTx, message: NewOutboxMessage): Promise<string> {
      const row = await createOutboxRepository(tx).insert(message, deps.clock.now());
      return row.id;
    },
    async deliver(outboxId: string, options?: { delaySeconds?: number }): Promise<void> {
      await deps.schedule()?.(outboxId, options);
    },
    async listRecent(to: string | undefined) {
      const rows = await repo.findRecent({ to, limit: 100 });
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        to: r.to,
        from: r.from,
        subject: r.subject,
        body: r.body,
        attachments: r.attachments.map((a) => ({
          fileName: a.fileName,
          contentType: a.contentType,
          size: a.size,
        })),
        status: r.status,
        attempts: r.attempts,
        createdAt: r.createdAt.toISOString(),
        sentAt: r.sentAt?.toISOString() ?? null,
      }));
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
