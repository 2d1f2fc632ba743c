import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type OutboxRow, outbox } from '../../db/schema/index.js';

export type NewOutboxMessage = Pick<OutboxRow, 'channel' | 'to' | 'body'> &
  Partial<Pick<OutboxRow, 'clinicId' | 'from' | 'subject' | 'attachments'>>;

/** What a delivered (or finally failed) message keeps of its text in production. */
export const forgottenBody = '[removed after delivery]';

export function createOutboxRepository(db: DbOrTx) {
  return {
    async insert(message: NewOutboxMessage, now: Date): Promise<OutboxRow> {
      const [row] = await db
        .insert(outbox)
        .values({ ...message, createdAt: now })
        .returning();
      return row!;
    },
    async findById(id: string): Promise<OutboxRow | undefined> {
      const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
      return row;
    },
    async findIdsByStatus(status: OutboxRow['status']): Promise<string[]> {
      const rows = await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.status, status));
      return rows.map((r) => r.id);
    },
    async findRecent(filter: { to?: string | undefined; limit: number }): Promise<OutboxRow[]> {
      const where = filter.to ? sql`lower(${outbox.to}) = lower(${filter.to})` : undefined;
      return db.select().from(outbox).where(where).orderBy(desc(outbox.createdAt)).limit(filter.limit);
    },
    /** `forgetBody`: the text is gone once delivered (a reset link, a sign-in code must not stay readable). */
    async markSent(id: string, providerId: string, now: Date, forgetBody = false): Promise<void> {
      await db
        .update(outbox)
        .set({
          status: 'sent',
          providerId,
          sentAt: now,
          attempts: sql`${outbox.attempts} + 1`,
          lastError: null,
          ...(forgetBody ? { body: forgottenBody } : {}),
        })
        .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
    },
    async markAttemptFailed(id: string, error: string, final: boolean, forgetBody = false): Promise<void> {
      await db
        .update(outbox)
        .set({
          attempts: sql`${outbox.attempts} + 1`,
          lastError: error,
          status: final ? 'failed' : 'pending',
          ...(final && forgetBody ? { body: forgottenBody } : {}),
        })
        .where(eq(outbox.id, id));
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
