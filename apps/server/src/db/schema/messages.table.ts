import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clinics } from './clinics.table.js';
import { patients } from './patients.table.js';
import { users } from './users.table.js';

/** A file sent or received with a text: kept in storage, served only to users who may see the patient. */
export interface MessageAttachment {
  /** The upload's id (outbound) or the stored media's id (inbound): the reference of the spec's calls. */
  id: string;
  storageKey: string;
  fileName: string;
  contentType: string;
  size: number;
}

/**
 * A text of a patient's conversation over their clinic's number. Inbound ones are the patient's (type SENT in
 * the spec's wording); outbound ones are a staff member's, or the product's own (welcome, reminder, the HELP
 * answer), which have no user. `provider_sid` is Twilio's MessageSid (the outbox's id locally): an inbound
 * delivery retried by Twilio is stored once.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    direction: text('direction', { enum: ['inbound', 'outbound'] }).notNull(),
    kind: text('kind', { enum: ['patient', 'staff', 'welcome', 'reminder', 'help'] }).notNull(),
    userId: uuid('user_id').references(() => users.id),
    body: text('body').notNull().default(''),
    attachments: jsonb('attachments').$type<MessageAttachment[]>().notNull().default([]),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    providerSid: text('provider_sid'),
    /** queued, sent, delivered, undelivered or failed (outbound); received (inbound). */
    status: text('status').notNull(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('messages_patient_idx').on(t.patientId, t.createdAt),
    uniqueIndex('messages_provider_sid_idx').on(t.providerSid).where(sql`${t.providerSid} is not null`),
  ],
);
export type MessageRow = typeof messages.$inferSelect;

/** A file a user attached in the composer, before the text that carries it is sent. */
export const messageUploads = pgTable(
  'message_uploads',
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
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    messageId: uuid('message_id').references(() => messages.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('message_uploads_patient_idx').on(t.patientId)],
);

/** An inbound text no patient could be matched to: kept, never dropped. */
export const unmatchedMessages = pgTable('unmatched_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  providerSid: text('provider_sid').notNull().unique(),
  fromNumber: text('from_number').notNull(),
  toNumber: text('to_number').notNull(),
  body: text('body').notNull().default(''),
  payload: jsonb('payload').$type<Record<string, string>>().notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

/** A number that texted STOP (or a synonym) to a clinic's number; START opts it back in (the row goes). */
export const smsOptOuts = pgTable(
  'sms_opt_outs',
  {
    phoneNumber: text('phone_number').notNull(),
    clinicNumber: text('clinic_number').notNull(),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sms_opt_outs_pair_idx').on(t.phoneNumber, t.clinicNumber)],
);

/** One reading reminder sent to a patient for one half-hour slot: the job never sends a slot twice. */
export const smsReminders = pgTable(
  'sms_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    slotAt: timestamp('slot_at', { withTimezone: true }).notNull(),
    messageId: uuid('message_id').references(() => messages.id),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sms_reminders_slot_idx').on(t.patientId, t.slotAt)],
);
