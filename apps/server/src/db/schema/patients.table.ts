import type { CustomAlert, Medication } from '@vigil/core';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { clinics } from './clinics.table.js';
import { users } from './users.table.js';

export interface PatientPhone {
  number: string;
  type: 'Cell' | 'Landline' | null;
  notes: string | null;
}
export type StoredMedication = Medication & { _id: string };
export interface PatientAddress {
  address?: string | null;
  apt?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
}

/**
 * The patient record. Everything a list filters or sorts on is a column; free-form parts (phones, address,
 * preferences, medical details) are JSON. `search_text` is the lowercased, accent-free "first last mr"
 * that list search matches.
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
    searchText: text('search_text').notNull().default(''),
    email: text('email'),
    language: text('language'),
    sex: text('sex'),
    dateOfBirth: date('date_of_birth'),
    timeZone: text('time_zone').notNull().default('America/Los_Angeles'),
    /** The texting number: one of the Cell phones, digits only. */
    phone: text('phone'),
    phones: jsonb('phones').$type<PatientPhone[]>().notNull().default([]),
    address: jsonb('address').$type<PatientAddress>(),
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    deviceInfo: jsonb('device_info').$type<{ reading: { intervals: string[] } }>(),
    medicalInfo: jsonb('medical_info').$type<Record<string, unknown>>().notNull().default({}),
    mr: text('mr'),
    diagnosis: text('diagnosis'),
    monthlyReportConsent: boolean('monthly_report_consent').notNull().default(false),
    consentStatus: text('consent_status'),
    consentUserId: uuid('consent_user_id').references(() => users.id),
    consentDate: timestamp('consent_date', { withTimezone: true }),
    connectDevices: text('connect_devices'),
    shippingAddress: text('shipping_address'),
    active: boolean('active').notNull().default(false),
    enrolled: boolean('enrolled').notNull().default(false),
    everEnrolled: boolean('ever_enrolled').notNull().default(false),
    /** Start of the current (or last) enrolment: the list's Date of Enrollment and the adherence rules' start. */
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    highPriority: boolean('high_priority').notNull().default(false),
    /** The Active Issues panel's free text. */
    activeIssues: text('active_issues').notNull().default(''),
    /** Patient texts dated on or before this are addressed (spec patients 4, Messages). */
    smsLastAddressedAt: timestamp('sms_last_addressed_at', { withTimezone: true }),
    /** The medications list, each with its `_id`; the detail page saves the whole list at once. */
    medications: jsonb('medications').$type<StoredMedication[]>().notNull().default([]),
    /** The patient's own thresholds; null means the clinic's. */
    customAlerts: jsonb('custom_alerts').$type<CustomAlert[]>(),
    assignedPhysicianId: uuid('assigned_physician_id').references(() => users.id),
    lastReviewedAt: timestamp('last_reviewed_at', { withTimezone: true }),
    lastReviewedBy: uuid('last_reviewed_by').references(() => users.id),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('patients_clinic_idx').on(t.clinicId),
    index('patients_physician_idx').on(t.assignedPhysicianId),
  ],
);
export type PatientRow = typeof patients.$inferSelect;

/** Care navigators and staff assigned to a patient (the physician is a column of the patient). */
export const patientCareTeam = pgTable(
  'patient_care_team',
  {
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role', { enum: ['CARE_NAVIGATOR', 'STAFF'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.userId, t.role] }),
    index('patient_care_team_user_idx').on(t.userId, t.role),
  ],
);
export type PatientCareTeamRow = typeof patientCareTeam.$inferSelect;

/**
 * Each enrolment of a patient, from enrolment to unenrolment (open while enrolled): billing counts device
 * data inside these (decision 0013), so a re-enrolment, which moves `patients.enrolled_at`, leaves past
 * months as they were.
 */
export const enrolmentPeriods = pgTable(
  'enrolment_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('enrolment_periods_patient_idx').on(t.patientId)],
);

/**
 * The derived fields of both lists for one patient (DESIGN 3), computed by the core and refreshed with every
 * write that changes them, by the midnight job and when a snooze runs out. Month figures are for
 * `metrics_month` (year * 100 + month, in the clinic's zone).
 */
export const patientMetrics = pgTable(
  'patient_metrics',
  {
    patientId: uuid('patient_id')
      .primaryKey()
      .references(() => patients.id),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    percentageReadingsOnTarget: integer('percentage_readings_on_target'),
    avgSystolic: integer('avg_systolic'),
    avgDiastolic: integer('avg_diastolic'),
    percentageReadingsCompliant: integer('percentage_readings_compliant').notNull().default(0),
    mostRecentWeight: real('most_recent_weight'),
    hasAcuteWeightGain: boolean('has_acute_weight_gain').notNull().default(false),
    hasIntermediateWeightGain: boolean('has_intermediate_weight_gain').notNull().default(false),
    numDaysWithReadings: integer('num_days_with_readings').notNull().default(0),
    lastReading: timestamp('last_reading', { withTimezone: true }),
    lastBpReadingAt: timestamp('last_bp_reading_at', { withTimezone: true }),
    lastBpSystolic: integer('last_bp_systolic'),
    lastBpDiastolic: integer('last_bp_diastolic'),
    numActiveAlerts: integer('num_active_alerts').notNull().default(0),
    highestPriorityAlertCategory: text('highest_priority_alert_category'),
    lastCompletedCall: timestamp('last_completed_call', { withTimezone: true }),
    lastAttemptedCall: timestamp('last_attempted_call', { withTimezone: true }),
    attemptedCallsCount: integer('attempted_calls_count').notNull().default(0),
    trackedTimeThisMonth: integer('tracked_time_this_month').notNull().default(0),
    priorityScore: integer('priority_score').notNull(),
    /** The earliest future snooze end of an open alert: the snooze job refreshes the patient after it. */
    nextSnoozeEnd: timestamp('next_snooze_end', { withTimezone: true }),
    metricsMonth: integer('metrics_month').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('patient_metrics_clinic_score_idx').on(t.clinicId, t.priorityScore),
    index('patient_metrics_score_idx').on(t.priorityScore),
    index('patient_metrics_snooze_idx').on(t.nextSnoozeEnd).where(sql`${t.nextSnoozeEnd} is not null`),
  ],
);
export type PatientMetricsRow = typeof patientMetrics.$inferSelect;

/**
 * Per patient and calendar day (clinic zone): what a past month of the priority list shows, so a month
 * is summed from at most 31 rows a patient instead of raw readings.
 */
export const patientDayRollups = pgTable(
  'patient_day_rollups',
  {
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    day: date('day').notNull(),
    readings: integer('readings').notNull().default(0),
    deviceReadings: integer('device_readings').notNull().default(0),
    trackedSeconds: integer('tracked_seconds').notNull().default(0),
    attemptedCalls: integer('attempted_calls').notNull().default(0),
    completedCalls: integer('completed_calls').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.day] }),
    index('patient_day_rollups_clinic_day_idx').on(t.clinicId, t.day),
  ],
);
export type PatientDayRollupRow = typeof patientDayRollups.$inferSelect;
