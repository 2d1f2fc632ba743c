import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clinics } from './clinics.table.js';
import { patients } from './patients.table.js';
import { users } from './users.table.js';

/**
 * A staff note on a patient. A note written by a form submission carries its `submission_id` and is
 * view-only (type FORM); any other note (type NOTE) can be edited, and keeps who edited it last.
 */
export const staffNotes = pgTable(
  'staff_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    text: text('text').notNull(),
    authorId: uuid('author_id').references(() => users.id),
    submissionId: text('submission_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (t) => [index('staff_notes_patient_idx').on(t.patientId, t.createdAt)],
);
export type StaffNoteRow = typeof staffNotes.$inferSelect;

/** The monthly report note of a patient: one per calendar month, approved or not. */
export const monthlyNotes = pgTable(
  'monthly_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    content: text('content').notNull().default(''),
    approved: boolean('approved').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (t) => [uniqueIndex('monthly_notes_patient_month_idx').on(t.patientId, t.year, t.month)],
);
export type MonthlyNoteRow = typeof monthlyNotes.$inferSelect;
