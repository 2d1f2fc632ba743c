import type { FormAnswer, PrefillParam } from '@vigil/core';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clinics } from './clinics.table.js';
import { staffNotes } from './notes.table.js';
import { patients } from './patients.table.js';
import { users } from './users.table.js';

/** A folder of forms (spec patients 2.6 'Session Forms'): shared by every clinic, ordered by position. */
export const formFolders = pgTable('form_folders', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  position: integer('position').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type FormFolderRow = typeof formFolders.$inferSelect;

/**
 * A form: hosted by Vigil (its SurveyJS definitions are `form_versions`, the current one named here) or
 * external (a URL and the secret its webhook is signed with). A retired form keeps its submissions.
 */
export const forms = pgTable(
  'forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    folderId: uuid('folder_id')
      .notNull()
      .references(() => formFolders.id),
    title: text('title').notNull(),
    kind: text('kind', { enum: ['HOSTED', 'EXTERNAL'] }).notNull(),
    url: text('url'),
    secret: text('secret'),
    prefill: jsonb('prefill').$type<PrefillParam[]>().notNull().default([]),
    currentVersion: integer('current_version').notNull().default(1),
    retired: boolean('retired').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('forms_folder_idx').on(t.folderId)],
);
export type FormRow = typeof forms.$inferSelect;

/** Every definition a hosted form has had: a submission names the one it was filled on. */
export const formVersions = pgTable(
  'form_versions',
  {
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id),
    version: integer('version').notNull(),
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.formId, t.version] })],
);
export type FormVersionRow = typeof formVersions.$inferSelect;

/**
 * A form filled for a patient: by staff in the frame, by the patient through a link, or by an external
 * form host (its own id kept, so a webhook delivered twice stores one). Its FORM staff note is `note_id`.
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id),
    formVersion: integer('form_version').notNull(),
    channel: text('channel', { enum: ['STAFF', 'PATIENT', 'EXTERNAL'] }).notNull(),
    submittedBy: uuid('submitted_by').references(() => users.id),
    externalId: text('external_id'),
    /** The raw answers keyed by question name (SurveyJS `data`). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    answers: jsonb('answers').$type<FormAnswer[]>().notNull(),
    noteId: uuid('note_id').references(() => staffNotes.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('form_submissions_patient_idx').on(t.patientId, t.createdAt),
    uniqueIndex('form_submissions_external_unique').on(t.formId, t.externalId),
  ],
);
export type FormSubmissionRow = typeof formSubmissions.$inferSelect;

/** A single-use link texted to a patient; only the token's SHA-256 is kept. */
export const formLinks = pgTable(
  'form_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    submissionId: uuid('submission_id').references(() => formSubmissions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('form_links_patient_idx').on(t.patientId)],
);
export type FormLinkRow = typeof formLinks.$inferSelect;

/**
 * A file attached to an answer (DESIGN 3: patient data), uploaded by staff or through a link, before the
 * submission that refers to it; the submission then claims it.
 */
export const formFiles = pgTable(
  'form_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    storageKey: text('storage_key').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    size: integer('size').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    linkId: uuid('link_id').references(() => formLinks.id),
    submissionId: uuid('submission_id').references(() => formSubmissions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('form_files_patient_idx').on(t.patientId)],
);
export type FormFileRow = typeof formFiles.$inferSelect;
