import type { CustomAlert } from '@vigil/core';
import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const clinics = pgTable('clinics', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  active: boolean('active').notNull().default(true),
  slug: text('slug').notNull().unique(),
  twilioNumber: text('twilio_number'),
  adminPhone: text('admin_phone'),
  adminEmail: text('admin_email'),
  timeZone: text('time_zone').notNull().default('America/Los_Angeles'),
  customAlerts: jsonb('custom_alerts').$type<CustomAlert[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ClinicRow = typeof clinics.$inferSelect;
