import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clinics } from './clinics.table.js';
import { patients } from './patients.table.js';
import { users } from './users.table.js';

/**
 * A monitoring batch report (spec administration 3 'Report'): pending until its job builds the PDF of every
 * patient of the physician (or of all physicians) in the clinic, then done with its file, or failed.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    /** Null: every physician of the clinic. */
    physicianId: uuid('physician_id').references(() => users.id),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    month: integer('month').notNull(),
    year: integer('year').notNull(),
    version: text('version', { enum: ['old', 'new'] }).notNull(),
    status: text('status', { enum: ['pending', 'done', 'failed'] }).notNull(),
    failureReason: text('failure_reason'),
    fileName: text('file_name').notNull(),
    /** Where the PDF lies in the data directory's storage, once done. */
    storageKey: text('storage_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('reports_requested_by_idx').on(t.requestedBy, t.createdAt),
    index('reports_clinic_idx').on(t.clinicId),
  ],
);
export type ReportRow = typeof reports.$inferSelect;

/** 99453 is billed once per enrolment: the month that earned it (DESIGN 4; issue 12). */
export const billingSetups = pgTable(
  'billing_setups',
  {
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    /** The enrolment the code belongs to: a patient enrolled again earns it again. */
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull(),
    month: integer('month').notNull(),
    year: integer('year').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('billing_setups_enrolment_unique').on(t.patientId, t.enrolledAt)],
);

/** The monthly report emailed to a patient who asked for it: once per patient and month. */
export const monthlyReportEmails = pgTable(
  'monthly_report_emails',
  {
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    month: integer('month').notNull(),
    year: integer('year').notNull(),
    /** The outbox message that carries it. */
    outboxId: uuid('outbox_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('monthly_report_emails_unique').on(t.patientId, t.year, t.month)],
);
