import type { AlertCategory, CustomAlert, Reading, StoredAlert } from '@vigil/core';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { alerts, clinics, patients, type ReadingRow, readings } from '../../db/schema/index.js';
import { isUuid } from '../../db/uuid.js';

/** A patient as the alert rules need them: diagnosis, enrolment, thresholds and the clinic's zone. */
export interface AlertSubject {
  id: string;
  clinicId: string;
  diagnosis: string | null;
  enrolled: boolean;
  active: boolean;
  enrolledAt: Date | null;
  customAlerts: CustomAlert[] | null;
  clinicCustomAlerts: CustomAlert[];
  timeZone: string;
}

export type NewReading = typeof readings.$inferInsert;

/** A stored reading with what the alert rules need beside it (`insertWithRuleInputs`). */
export interface InsertedWithRuleInputs {
  reading: ReadingRow;
  /** The patient's readings not removed since the window's start, oldest first, without the new one. */
  window: Reading[];
  /** The patient's alerts of the asked types, open and dismissed. */
  alerts: PatientStoredAlert[];
}

interface WindowJson {
  date: string;
  systolic: number | null;
  diastolic: number | null;
  heartRate: number | null;
  weight: number | null;
  source: string;
}
interface AlertJson {
  id: string;
  patientId: string;
  type: string;
  category: AlertCategory;
  readingDate: string | null;
  snoozedUntil: string | null;
  dismissedAt: string | null;
}
const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));
export type PatientStoredAlert = StoredAlert & { patientId: string };
export interface NewAlert {
  clinicId: string;
  patientId: string;
  type: string;
  category: AlertCategory;
  readingDate: Date;
}

const subjectFields = {
  id: patients.id,
  clinicId: patients.clinicId,
  diagnosis: patients.diagnosis,
  enrolled: patients.enrolled,
  active: patients.active,
  enrolledAt: patients.enrolledAt,
  customAlerts: patients.customAlerts,
  clinicCustomAlerts: clinics.customAlerts,
  timeZone: clinics.timeZone,
};

/** A reading as the core's rules see it. */
const ruleFields = {
  patientId: readings.patientId,
  date: readings.takenAt,
  systolic: readings.systolic,
  diastolic: readings.diastolic,
  heartRate: readings.heartRate,
  weight: readings.weightLbs,
  source: readings.source,
};

export function createReadingsRepository(db: DbOrTx) {
  return {
    /**
     * The patient, with their row locked until the transaction ends: readings of one patient are then
     * evaluated one after the other, so two at once cannot both open the same alert.
     */
    async findSubjectForUpdate(patientId: string): Promise<AlertSubject | undefined> {
      if (!isUuid(patientId)) return undefined;
      const [row] = await db
        .select(subjectFields)
        .from(patients)
        .innerJoin(clinics, eq(clinics.id, patients.clinicId))
        .where(eq(patients.id, patientId))
        .for('update', { of: patients });
      return row;
    },

    /** Takes the row locks of many patients, in id order so that two batches cannot deadlock. */
    async lockPatients(patientIds: readonly string[]): Promise<void> {
      if (patientIds.length === 0) return;
      await db
        .select({ id: patients.id })
        .from(patients)
        .where(inArray(patients.id, [...patientIds]))
        .orderBy(asc(patients.id))
        .for('update');
    },

    /** Enrolled, active patients of a clinic: the ones adherence rules apply to. */
    findEnrolledActiveSubjects(clinicId: string): Promise<AlertSubject[]> {
      return db
        .select(subjectFields)
        .from(patients)
        .innerJoin(clinics, eq(clinics.id, patients.clinicId))
        .where(and(eq(patients.clinicId, clinicId), eq(patients.enrolled, true), eq(patients.active, true)))
        .orderBy(asc(patients.id));
    },

    /**
     * Inserts a reading; a device reading whose (source, vendor id) is already stored inserts nothing and
     * answers undefined. Vendors resend on reconnect, so this is the normal path of a duplicate, not an error.
     * In the same round trip it reads what the alert rules need next (readings are stored at webhook rates,
     * DESIGN 7): the patient's readings since `since` and their alerts of these types. Those reads see the
     * database as it was when the statement began, so the new reading is not among them (the caller adds it).
     */
    async insertWithRuleInputs(
      values: NewReading,
      since: Date,
      alertTypes: readonly string[],
    ): Promise<InsertedWithRuleInputs | undefined> {
      const patientId = sql`${values.patientId}::uuid`;
      const types = alertTypes.length
        ? sql.join(
            alertTypes.map((t) => sql`${t}`),
            sql`, `,
          )
        : sql`null`;
      const [row] = await db
        .insert(readings)
        .values(values)
        .onConflictDoNothing({
          target: [readings.source, readings.vendorReadingId],
          where: sql`${readings.vendorReadingId} is not null`,
        })
        .returning({
          ...getTableColumns(readings),
          window: sql<WindowJson[] | null>`(
            select json_agg(json_build_object('date', w.taken_at, 'systolic', w.systolic,
              'diastolic', w.diastolic, 'heartRate', w.heart_rate, 'weight', w.weight_lbs, 'source', w.source)
              order by w.taken_at)
            from ${readings} w
            where w.patient_id = ${patientId} and w.removed_at is null
              and w.taken_at >= ${since.toISOString()}::timestamptz)`,
          alerts: sql<AlertJson[] | null>`(
            select json_agg(json_build_object('id', a.id, 'patientId', a.patient_id, 'type', a.type,
              'category', a.category, 'readingDate', a.reading_date, 'snoozedUntil', a.snoozed_until,
              'dismissedAt', a.dismissed_at))
            from ${alerts} a
            where a.patient_id = ${patientId} and a.type in (${types}))`,
        });
      if (!row) return undefined;
      const { window, alerts: alertRows, ...reading } = row;
      return {
        reading,
        window: (window ?? []).map((r) => ({ ...r, date: new Date(r.date) })),
        alerts: (alertRows ?? []).map((a) => ({
          ...a,
          readingDate: dateOrNull(a.readingDate),
          snoozedUntil: dateOrNull(a.snoozedUntil),
          dismissedAt: dateOrNull(a.dismissedAt),
        })),
      };
    },

    /** Many readings at once, for the demo seed; the caller evaluates and refreshes after. */
    async insertMany(values: readonly NewReading[]): Promise<void> {
      const chunk = 1000;
      for (let i = 0; i < values.length; i += chunk) {
        await db.insert(readings).values(values.slice(i, i + chunk));
      }
    },

    async findBySourceAndVendorId(source: string, vendorReadingId: string): Promise<ReadingRow | undefined> {
      const [row] = await db
        .select()
        .from(readings)
        .where(and(eq(readings.source, source), eq(readings.vendorReadingId, vendorReadingId)));
      return row;
    },

    async findById(id: string): Promise<ReadingRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(readings).where(eq(readings.id, id));
      return row;
    },

    /** Each patient's latest reading not removed. */
    findLatestByPatients(patientIds: readonly string[]): Promise<(Reading & { patientId: string })[]> {
      if (patientIds.length === 0) return Promise.resolve([]);
      return db
        .selectDistinctOn([readings.patientId], ruleFields)
        .from(readings)
        .where(and(inArray(readings.patientId, [...patientIds]), isNull(readings.removedAt)))
        .orderBy(asc(readings.patientId), desc(readings.takenAt));
    },

    async markRemoved(id: string, userId: string | null, now: Date): Promise<ReadingRow | undefined> {
      const [row] = await db
        .update(readings)
        .set({ removedAt: now, removedBy: userId })
        .where(and(eq(readings.id, id), isNull(readings.removedAt)))
        .returning();
      return row;
    },

    /** The patients' alerts of these types, open and dismissed: what a new finding is merged against. */
    findAlertsByPatientsAndTypes(
      patientIds: readonly string[],
      types: readonly string[],
    ): Promise<PatientStoredAlert[]> {
      if (patientIds.length === 0 || types.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: alerts.id,
          patientId: alerts.patientId,
          type: alerts.type,
          category: alerts.category,
          readingDate: alerts.readingDate,
          snoozedUntil: alerts.snoozedUntil,
          dismissedAt: alerts.dismissedAt,
        })
        .from(alerts)
        .where(and(inArray(alerts.patientId, [...patientIds]), inArray(alerts.type, [...types])));
    },

    async insertAlerts(values: readonly NewAlert[], now: Date): Promise<void> {
      if (values.length === 0) return;
      await db.insert(alerts).values(values.map((v) => ({ ...v, createdAt: now, updatedAt: now })));
    },

    /** Moves alerts' reading dates, all in one statement. */
    async updateAlertReadingDates(moves: readonly { alertId: string; readingDate: Date }[], now: Date) {
      if (moves.length === 0) return;
      const json = JSON.stringify(moves.map((m) => ({ id: m.alertId, reading_date: m.readingDate })));
      await db.execute(sql`
        update ${alerts} set reading_date = x.reading_date, updated_at = ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${json}::jsonb) as x(id uuid, reading_date timestamptz)
        where ${alerts.id} = x.id`);
    },
  };
}

export type ReadingsRepository = ReturnType<typeof createReadingsRepository>;
