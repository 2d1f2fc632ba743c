import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clinics } from './clinics.table.js';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    avatarUrl: text('avatar_url'),
    roleType: text('role_type', { enum: ['CARE_NAVIGATOR', 'PHYSICIAN', 'STAFF'] }).notNull(),
    access: text('access', { enum: ['ADMIN', 'USER'] }).notNull(),
    portal: text('portal', { enum: ['CIRCLE', 'CLINIC'] }).notNull(),
    clinicId: uuid('clinic_id').references(() => clinics.id),
    emergencyProtocol: text('emergency_protocol'),
    twoFactorType: text('two_factor_type', { enum: ['none', 'sms'] })
      .notNull()
      .default('none'),
    timeTrackingEnabled: boolean('time_tracking_enabled').notNull().default(false),
    isDeactivated: boolean('is_deactivated').notNull().default(false),
    isTemporaryPassword: boolean('is_temporary_password').notNull().default(false),
    storedFilters: jsonb('stored_filters').$type<Record<string, unknown>>(),
    clinicStoredFilters: jsonb('clinic_stored_filters').$type<Record<string, unknown>>(),
    graphFilterData: jsonb('graph_filter_data').$type<Record<string, unknown>>(),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_clinic_idx').on(t.clinicId),
  ],
);

export type UserRow = typeof users.$inferSelect;
