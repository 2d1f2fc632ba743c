import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Append-only: audit events are never updated or deleted (DESIGN section 3). */
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
  },
  (t) => [
    index('audit_events_patient_idx').on(t.patientId, t.occurredAt),
    index('audit_events_clinic_idx').on(t.clinicId, t.occurredAt),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;
