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
 * Append-only: triggers refuse UPDATE, DELETE and TRUNCATE (DESIGN 3; decision 0012). At commit each event
 * is sealed into the hash chain: it takes the next `seq` and `hash = sha256(prevHash || its content)`,
 * where `prevHash` is the hash of the event sealed before it (migration 0006 holds the triggers).
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
    /** The chain's order; set at commit, never by the application. */
    seq: bigint('seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('audit_events_patient_idx').on(t.patientId, t.occurredAt),
    index('audit_events_clinic_idx').on(t.clinicId, t.occurredAt),
    uniqueIndex('audit_events_seq_unique').on(t.seq),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;

/** The chain's newest link, one row: the seal locks it, so concurrent commits chain one after another. */
export const auditChainHead = pgTable('audit_chain_head', {
  id: integer('id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});
