import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clinics } from './clinics.table.js';
import { users } from './users.table.js';

/**
 * The patient's identity, clinic and standing: what the clinic dashboard counts. The patients feature
 * extends this table with the rest of the patient record.
 */
export const patients = pgTable(
  'patients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    active: boolean('active').notNull().default(false),
    enrolled: boolean('enrolled').notNull().default(false),
    assignedPhysicianId: uuid('assigned_physician_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('patients_clinic_idx').on(t.clinicId)],
);

export type PatientRow = typeof patients.$inferSelect;
