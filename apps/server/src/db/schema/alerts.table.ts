import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clinics } from './clinics.table.js';
import { patients } from './patients.table.js';
import { users } from './users.table.js';

/** Alerts are never deleted: a dismissed alert keeps who cleared it, when, and the note. */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    category: text('category', { enum: ['Clinical', 'Manual', 'SMS', 'AdherenceCoaching'] }).notNull(),
    type: text('type').notNull(),
    readingDate: timestamp('reading_date', { withTimezone: true }),
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
    customDescription: text('custom_description'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    dismissedBy: uuid('dismissed_by').references(() => users.id),
    dismissNote: text('dismiss_note'),
  },
  (t) => [index('alerts_patient_idx').on(t.patientId, t.type)],
);
export type AlertRow = typeof alerts.$inferSelect;

/**
 * Every reading date an alert of the rules has had: the one it opened on and each later finding that moved
 * it (DESIGN 4: one open alert per type, its reading date moving forward). A month's report lists the alerts
 * found in that month, at their finding of the month, though the alert has moved on since (decision 0013).
 */
export const alertFindings = pgTable(
  'alert_findings',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id),
    readingDate: timestamp('reading_date', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.readingDate] })],
);
