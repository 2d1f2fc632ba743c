import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Append-only: triggers refuse UPDATE, DELETE and TRUNCATE (DESIGN 3; decision 0012). Within a second of its
 * commit the server's sealer puts each event into the hash chain, in the order they were written: it takes
 * the next `seq` and `hash = sha256(prevHash || its content)`, where `prevHash` is the hash of the event
 * sealed before it (migrations 0006 and 0010 hold the triggers and the seal).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    actorUserId: uuid('actor_user_id'),
    clinicId: uuid('clinic_id'),
    patientId: uuid('patient_id'),
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ip: text('ip'),
    /** The order events were written in (a sequence, taken at insert): the seal's order, and the trail's. */
    written: bigint('written', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** The chain's order; set by the seal, never by the application. */
    seq: bigint('seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('audit_events_patient_idx').on(t.patientId, t.occurredAt),
    index('audit_events_clinic_idx').on(t.clinicId, t.occurredAt),
    uniqueIndex('audit_events_seq_unique').on(t.seq),
    /** What the seal looks for: the events not in the chain yet, in the order they were written. */
    index('audit_events_unsealed_idx').on(t.written).where(sql`${t.seq} is null`),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;

/** The chain's newest link, one row: the seal locks it, so two sealers chain one after the other. */
export const auditChainHead = pgTable('audit_chain_head', {
  id: integer('id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});
