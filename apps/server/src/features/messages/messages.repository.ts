import { and, asc, eq, gt, inArray, isNull, max, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  alerts,
  clinics,
  type MessageAttachment,
  type MessageRow,
  messages,
  messageUploads,
  patients,
  smsOptOuts,
  unmatchedMessages,
  users,
} from '../../db/schema/index.js';
import { isUuid } from '../../db/uuid.js';
import { type PatientScope, scopeCondition } from '../patients/patient-scope.js';

/** What texting needs of a patient: the tenant, both numbers, the last addressed mark. */
export interface TextingPatient {
  id: string;
  clinicId: string;
  phone: string | null;
  smsLastAddressedAt: Date | null;
  clinicName: string;
  clinicNumber: string | null;
  /** The clinic's phone, which a person answers (HELP gives it). */
  clinicPhone: string | null;
  language: string | null;
}

export type MessageUploadRow = typeof messageUploads.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;

const textingPatientColumns = {
  id: patients.id,
  clinicId: patients.clinicId,
  phone: patients.phone,
  smsLastAddressedAt: patients.smsLastAddressedAt,
  clinicName: clinics.name,
  clinicNumber: clinics.twilioNumber,
  clinicPhone: clinics.adminPhone,
  language: patients.language,
};

/** A phone column reduced to its ten US digits in SQL, to compare with a number in any spelling. */
const tenDigits = (column: SQL | typeof patients.phone) =>
  sql`right(regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g'), 10)`;

export function createMessagesRepository(db: DbOrTx) {
  return {
    /** The patient inside the scope (no scope: the product's own texts), or undefined for anything else. */
    async findTextingPatient(
      scope: PatientScope | null,
      patientId: string,
    ): Promise<TextingPatient | undefined> {
      if (!isUuid(patientId)) return undefined;
      const [row] = await db
        .select(textingPatientColumns)
        .from(patients)
        .innerJoin(clinics, eq(clinics.id, patients.clinicId))
        .where(and(eq(patients.id, patientId), scope ? scopeCondition(scope) : undefined));
      return row;
    },

    /** As findTextingPatient, with the patient's row locked for the transaction (alerts and metrics change). */
    async lockTextingPatient(
      scope: PatientScope | null,
      patientId: string,
    ): Promise<TextingPatient | undefined> {
      if (!isUuid(patientId)) return undefined;
      const [row] = await db
        .select(textingPatientColumns)
        .from(patients)
        .innerJoin(clinics, eq(clinics.id, patients.clinicId))
        .where(and(eq(patients.id, patientId), scope ? scopeCondition(scope) : undefined))
        .for('update', { of: patients });
      return row;
    },

    /**
     * The patients of this clinic number with this number on their record (normally one). Those who text
     * from it (their texting number) come first, then those who have it among their phones: a patient who
     * writes from a Cell phone staff do not text, or before text consent, still reaches their thread. Of
     * patients who share a phone (a couple, a carer), the one the clinic texted last comes first: a reply
     * answers that text. Then the first created.
     */
    async findPatientIdsByNumbers(patientDigits: string, clinicDigits: string): Promise<string[]> {
      const lastTexted = sql`(select max(${messages.createdAt}) from ${messages}
        where ${messages.patientId} = ${patients.id} and ${messages.direction} = 'outbound')`;
      const textsFrom = sql`${tenDigits(patients.phone)} = ${patientDigits}`;
      const hasPhone = sql`exists (select 1 from jsonb_array_elements(${patients.phones}) as entry(phone)
        where ${tenDigits(sql`entry.phone->>'number'`)} = ${patientDigits})`;
      const rows = await db
        .select({ id: patients.id })
        .from(patients)
        .innerJoin(clinics, eq(clinics.id, patients.clinicId))
        .where(
          and(or(textsFrom, hasPhone), sql`${tenDigits(sql`${clinics.twilioNumber}`)} = ${clinicDigits}`),
        )
        .orderBy(sql`${textsFrom} desc`, sql`${lastTexted} desc nulls last`, asc(patients.createdAt));
      return rows.map((r) => r.id);
    },

    async findClinicByNumber(
      clinicDigits: string,
    ): Promise<{ id: string; name: string; number: string } | undefined> {
      const [row] = await db
        .select({ id: clinics.id, name: clinics.name, number: clinics.twilioNumber })
        .from(clinics)
        .where(sql`${tenDigits(sql`${clinics.twilioNumber}`)} = ${clinicDigits}`)
        .limit(1);
      return row?.number ? { ...row, number: row.number } : undefined;
    },

    async findUserSignatureFacts(userId: string) {
      const [row] = await db
        .select({
          firstName: users.firstName,
          lastName: users.lastName,
          avatar: users.avatarUrl,
          portal: users.portal,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    async isOptedOut(phoneNumber: string, clinicNumber: string): Promise<boolean> {
      const [row] = await db
        .select({ phoneNumber: smsOptOuts.phoneNumber })
        .from(smsOptOuts)
        .where(and(eq(smsOptOuts.phoneNumber, phoneNumber), eq(smsOptOuts.clinicNumber, clinicNumber)));
      return Boolean(row);
    },
    async optOut(phoneNumber: string, clinicNumber: string, now: Date): Promise<void> {
      await db
        .insert(smsOptOuts)
        .values({ phoneNumber, clinicNumber, optedOutAt: now })
        .onConflictDoNothing();
    },
    async optIn(phoneNumber: string, clinicNumber: string): Promise<void> {
      await db
        .delete(smsOptOuts)
        .where(and(eq(smsOptOuts.phoneNumber, phoneNumber), eq(smsOptOuts.clinicNumber, clinicNumber)));
    },

    /** Inserts a message; an inbound one already stored under its MessageSid answers undefined. */
    async insertMessage(values: NewMessage): Promise<MessageRow | undefined> {
      const [row] = await db.insert(messages).values(values).onConflictDoNothing().returning();
      return row;
    },
    async findMessageByProviderSid(providerSid: string): Promise<MessageRow | undefined> {
      const [row] = await db.select().from(messages).where(eq(messages.providerSid, providerSid));
      return row;
    },
    /** As `findMessageByProviderSid`, locked until the transaction ends (its status is about to change). */
    async lockMessageByProviderSid(providerSid: string): Promise<MessageRow | undefined> {
      const [row] = await db
        .select()
        .from(messages)
        .where(eq(messages.providerSid, providerSid))
        .for('update');
      return row;
    },
    async updateMessage(
      id: string,
      changes: Partial<Pick<MessageRow, 'providerSid' | 'status' | 'errorCode' | 'errorMessage'>>,
      now: Date,
    ): Promise<void> {
      await db
        .update(messages)
        .set({ ...changes, updatedAt: now })
        .where(eq(messages.id, id));
    },

    /** A patient's conversation, oldest first, with the sender of staff texts. */
    async findByPatient(patientId: string) {
      return db
        .select({
          message: messages,
          user: { firstName: users.firstName, lastName: users.lastName, avatar: users.avatarUrl },
        })
        .from(messages)
        .leftJoin(users, eq(users.id, messages.userId))
        .where(eq(messages.patientId, patientId))
        .orderBy(asc(messages.createdAt), asc(messages.id));
    },

    async insertUpload(values: typeof messageUploads.$inferInsert): Promise<MessageUploadRow> {
      const [row] = await db.insert(messageUploads).values(values).returning();
      return row!;
    },
    /** Uploads of this patient not yet carried by a text, among the given ids. */
    /** The patient's uploads of these ids not sent with a text yet, locked until the transaction ends. */
    async findUnsentUploads(patientId: string, ids: readonly string[]): Promise<MessageUploadRow[]> {
      const valid = ids.filter(isUuid);
      if (valid.length === 0) return [];
      return (
        db
          .select()
          .from(messageUploads)
          .where(
            and(
              eq(messageUploads.patientId, patientId),
              inArray(messageUploads.id, valid),
              isNull(messageUploads.messageId),
            ),
          )
          // Locked, in one order: of two sends naming one upload at once, the second finds it sent.
          .orderBy(messageUploads.id)
          .for('update')
      );
    },
    async markUploadsSent(ids: readonly string[], messageId: string): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(messageUploads)
        .set({ messageId })
        .where(inArray(messageUploads.id, [...ids]));
    },

    /** An attachment of a patient: a composer upload, or a file a text carries (either direction). */
    async findAttachment(patientId: string, attachmentId: string): Promise<MessageAttachment | undefined> {
      if (!isUuid(attachmentId)) return undefined;
      const [upload] = await db
        .select()
        .from(messageUploads)
        .where(and(eq(messageUploads.patientId, patientId), eq(messageUploads.id, attachmentId)));
      if (upload) {
        const { id, storageKey, fileName, contentType, size } = upload;
        return { id, storageKey, fileName, contentType, size };
      }
      const [row] = await db
        .select({ attachments: messages.attachments })
        .from(messages)
        .where(
          and(
            eq(messages.patientId, patientId),
            sql`${messages.attachments} @> ${JSON.stringify([{ id: attachmentId }])}::jsonb`,
          ),
        )
        .limit(1);
      return row?.attachments.find((a) => a.id === attachmentId);
    },

    async findMessageById(id: string): Promise<MessageRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(messages).where(eq(messages.id, id));
      return row;
    },
    /** As `findMessageById`, locked until the transaction ends (its status is about to change). */
    async lockMessageById(id: string): Promise<MessageRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(messages).where(eq(messages.id, id)).for('update');
      return row;
    },

    async insertUnmatched(values: typeof unmatchedMessages.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(unmatchedMessages)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: unmatchedMessages.id });
      return rows.length > 0;
    },

    async findPatientTimeZone(patientId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ timeZone: patients.timeZone })
        .from(patients)
        .where(eq(patients.id, patientId));
      return row?.timeZone;
    },

    async setLastAddressed(patientId: string, at: Date): Promise<void> {
      await db.update(patients).set({ smsLastAddressedAt: at }).where(eq(patients.id, patientId));
    },

    /** Whether the patient has a text dated after `at` (all of them when `at` is null). */
    async hasInboundAfter(patientId: string, at: Date | null): Promise<boolean> {
      const [row] = await db
        .select({ latest: max(messages.createdAt) })
        .from(messages)
        .where(
          and(
            eq(messages.patientId, patientId),
            eq(messages.direction, 'inbound'),
            at ? gt(messages.createdAt, at) : undefined,
          ),
        );
      return Boolean(row?.latest);
    },

    /** The patient's open (not dismissed) SMSUnseen alert: at most one (DESIGN 4). */
    async findOpenSmsAlert(patientId: string) {
      const [row] = await db
        .select()
        .from(alerts)
        .where(
          and(eq(alerts.patientId, patientId), eq(alerts.type, 'SMSUnseen'), isNull(alerts.dismissedAt)),
        );
      return row;
    },
    async findSmsAlerts(patientId: string) {
      return db
        .select()
        .from(alerts)
        .where(and(eq(alerts.patientId, patientId), eq(alerts.type, 'SMSUnseen')));
    },
    async insertAlert(values: typeof alerts.$inferInsert): Promise<void> {
      await db.insert(alerts).values(values);
    },
    /** A new text on an open SMSUnseen alert: its date moves to the text, and a snooze ends (it was for the texts before). */
    async moveSmsAlert(alertId: string, readingDate: Date, now: Date): Promise<void> {
      await db
        .update(alerts)
        .set({ readingDate, snoozedUntil: null, updatedAt: now })
        .where(eq(alerts.id, alertId));
    },
    async dismissAlert(alertId: string, userId: string, now: Date): Promise<void> {
      await db
        .update(alerts)
        .set({ dismissedAt: now, dismissedBy: userId, updatedAt: now })
        .where(eq(alerts.id, alertId));
    },
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
