import { and, eq, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { clinics, messages, patients, readings, smsReminders } from '../../db/schema/index.js';

/** A patient who may get reading reminders, with what the core's rules read and what the text says. */
export interface ReminderCandidateRow {
  id: string;
  firstName: string;
  language: string | null;
  timeZone: string;
  enrolled: boolean;
  active: boolean;
  preferences: Record<string, unknown>;
  deviceInfo: { reading: { intervals: string[] } } | null;
  clinicName: string;
  readingsTakenAt: Date[];
}

/** Readings this far either side of a slot cover its calendar day in every zone. */
const readingWindowMs = 36 * 3_600_000;

export function createRemindersRepository(db: DbOrTx) {
  const repo = {
    /**
     * Enrolled, active patients of active clinics who consented to texts and reminders and have a texting
     * number (or the one patient `patientId` if they are such, or those of them `within` holds for), with
     * the times of their readings near `slot`. The core decides who of them is due.
     */
    async findCandidates(slot: Date, patientId?: string, within?: SQL): Promise<ReminderCandidateRow[]> {
      const rows = await db
        .select({
          id: patients.id,
          firstName: patients.firstName,
          language: patients.language,
          timeZone: patients.timeZone,
          enrolled: patients.enrolled,
          active: patients.active,
          preferences: patients.preferences,
          deviceInfo: patients.deviceInfo,
          clinicName: clinics.name,
        })
        .from(patients)
        .innerJoin(clinics, eq(clinics.id, patients.clinicId))
        .where(
          and(
            eq(patients.enrolled, true),
            eq(patients.active, true),
            eq(clinics.active, true),
            sql`${patients.phone} is not null`,
            sql`${patients.preferences}->>'textConsent' = 'Yes'`,
            sql`${patients.preferences}->>'remindersConsent' = 'Yes'`,
            patientId ? eq(patients.id, patientId) : undefined,
            within,
          ),
        );
      if (!rows.length) return [];
      const taken = await db
        .select({ patientId: readings.patientId, takenAt: readings.takenAt })
        .from(readings)
        .where(
          and(
            inArray(
              readings.patientId,
              rows.map((r) => r.id),
            ),
            gte(readings.takenAt, new Date(slot.getTime() - readingWindowMs)),
            lt(readings.takenAt, new Date(slot.getTime() + readingWindowMs)),
            isNull(readings.removedAt),
          ),
        );
      const byPatient = new Map<string, Date[]>();
      for (const r of taken) byPatient.set(r.patientId, [...(byPatient.get(r.patientId) ?? []), r.takenAt]);
      return rows.map((r) => ({ ...r, readingsTakenAt: byPatient.get(r.id) ?? [] }));
    },

    /**
     * The patient as a candidate of the slot, read again once their row is locked until the transaction
     * ends, or undefined when they are no longer one: an edit of the patient made meanwhile (deactivated,
     * consent withdrawn) has committed before this read, and one made later waits for the transaction.
     */
    async findCandidateForUpdate(slot: Date, patientId: string): Promise<ReminderCandidateRow | undefined> {
      await db.select({ id: patients.id }).from(patients).where(eq(patients.id, patientId)).for('update');
      const [row] = await repo.findCandidates(slot, patientId);
      return row;
    },

    /**
     * Claims the patient's reminder of this slot: its id for the one caller whose row went in, undefined for
     * any other (the unique patient and slot), so a slot is sent once.
     */
    async claimSlot(patientId: string, slot: Date, now: Date): Promise<string | undefined> {
      const [row] = await db
        .insert(smsReminders)
        .values({ patientId, slotAt: slot, sentAt: now })
        .onConflictDoNothing({ target: [smsReminders.patientId, smsReminders.slotAt] })
        .returning({ id: smsReminders.id });
      return row?.id;
    },

    async releaseClaim(reminderId: string): Promise<void> {
      await db.delete(smsReminders).where(eq(smsReminders.id, reminderId));
    },

    async setMessage(reminderId: string, messageId: string): Promise<void> {
      await db.update(smsReminders).set({ messageId }).where(eq(smsReminders.id, reminderId));
    },

    /** What the welcome rule and text need: enrolment, consent, number, name, language and clinic. */
    async findWelcomeFacts(patientId: string) {
      const [row] = await db
        .select({
          firstName: patients.firstName,
          language: patients.language,
          enrolled: patients.enrolled,
          active: patients.active,
          phone: patients.phone,
          preferences: patients.preferences,
          enrolledAt: patients.enrolledAt,
          clinicName: clinics.name,
        })
        .from(patients)
        .innerJoin(clinics, eq(clinics.id, patients.clinicId))
        .where(eq(patients.id, patientId));
      return row;
    },

    /** Whether a welcome text went to the patient at or after `since` (the start of the enrolment). */
    async hasWelcomeSince(patientId: string, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            eq(messages.patientId, patientId),
            eq(messages.kind, 'welcome'),
            gte(messages.createdAt, since),
          ),
        )
        .limit(1);
      return Boolean(row);
    },
  };
  return repo;
}
