import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clinics } from './clinics.table.js';
import { patients } from './patients.table.js';
import { users } from './users.table.js';

/** Time a user spent on a patient: by the timer, added by hand, or in bulk from the priority list. */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    seconds: integer('seconds').notNull(),
    kind: text('kind', { enum: ['timer', 'manual', 'bulk'] }).notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The calendar day of `at` in the clinic's zone: bulk time is once per patient and day. */
    day: date('day').notNull(),
  },
  (t) => [
    index('time_entries_patient_idx').on(t.patientId, t.at),
    index('time_entries_user_idx').on(t.userId, t.at),
    index('time_entries_bulk_day_idx').on(t.patientId, t.kind, t.day),
  ],
);
export type TimeEntryRow = typeof timeEntries.$inferSelect;
