import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clinics } from './clinics.table.js';
import { devices } from './devices.table.js';
import { patients } from './patients.table.js';
import { users } from './users.table.js';

/**
 * One measurement. Weight in pounds, pressure in mmHg, heart rate in bpm (vendors' units are converted at
 * the edge). A device reading carries the vendor's own id; (source, vendor_reading_id) is unique so a
 * webhook delivered twice stores one reading. Removed readings keep their row and count nowhere.
 */
export const readings = pgTable(
  'readings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    timeZone: text('time_zone'),
    systolic: integer('systolic'),
    diastolic: integer('diastolic'),
    heartRate: integer('heart_rate'),
    weightLbs: real('weight_lbs'),
    /** 'MANUAL' or the vendor (BODYTRACE, WITHINGS, SMART_METER, PYLO, EDEVICE, TENOVI). */
    source: text('source').notNull(),
    vendorReadingId: text('vendor_reading_id'),
    deviceId: uuid('device_id').references(() => devices.id),
    raw: jsonb('raw'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: uuid('removed_by').references(() => users.id),
  },
  (t) => [
    index('readings_patient_taken_idx').on(t.patientId, t.takenAt),
    uniqueIndex('readings_source_vendor_unique')
      .on(t.source, t.vendorReadingId)
      .where(sql`${t.vendorReadingId} is not null`),
  ],
);
export type ReadingRow = typeof readings.$inferSelect;
