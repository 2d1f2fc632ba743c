import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clinics } from './clinics.table.js';

/** A file an email carries: its bytes lie in file storage under `storageKey`, not in the row. */
export interface OutboxAttachment {
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
}

/** Every SMS and email the product sends passes through here; a job delivers it and retries failures. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id').references(() => clinics.id),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    to: text('to').notNull(),
    from: text('from'),
    subject: text('subject'),
    body: text('body').notNull(),
    /** Email only (a report's PDF); read from storage when the message is delivered, so a retry sends it too. */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    providerId: text('provider_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_to_idx').on(t.to), index('outbox_status_idx').on(t.status)],
);

export type OutboxRow = typeof outbox.$inferSelect;
