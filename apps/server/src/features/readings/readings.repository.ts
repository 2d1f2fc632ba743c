import {
  type AlertCategory,
  alertWithdrawnNote,
  type CustomAlert,
  type Reading,
  type StoredAlert,
} from '@vigil/core';
import { and, asc, desc, eq, gte, inArray, isNull, lte, max, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { executePrepared } from '../../db/prepared.js';
import {
  alertFindings,
  alerts,
  clinics,
  patients,
  type ReadingRow,
  readings,
} from '../../db/schema/index.js';
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
  /** Not a rule's input; the list metrics need it, and a batch locks and reads its patients once. */
  highPriority: boolean;
}

export type NewReading = typeof readings.$inferInsert;

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

/** Not an alert withdrawn because its reading was removed (decision 0020). */
const notWithdrawn = or(isNull(alerts.dismissNote), ne(alerts.dismissNote, alertWithdrawnNote));
export type PatientStoredAlert = StoredAlert & { patientId: string };
export interface NewAlert {
  /** Given by the caller when it must refer to the alert before it is stored (a batch moving it). */
  id?: string;
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
  highPriority: patients.highPriority,
};

/** A reading to store in a batch: its id is the caller's, so each stored row maps back to its input. */
export interface NewBatchReading {
  id: string;
  clinicId: string;
  patientId: string;
  takenAt: Date;
  timeZone: string | null;
  systolic: number | null;
  diastolic: number | null;
  heartRate: number | null;
  weightLbs: number | null;
  source: string;
  vendorReadingId: string | null;
  deviceId: string | null;
  raw: unknown;
  createdBy: string | null;
}

/** What `insertManyWithRuleInputs` answers. */
export interface InsertedBatch {
  /** The ids of the readings stored, with the time the database stamped them. */
  inserted: Map<string, Date>;
  /** Each patient's readings not removed since their window's start, oldest first, without the batch's. */
  windows: Map<string, Reading[]>;
  /** The patients' alerts of the asked types, open and dismissed. */
  alerts: PatientStoredAlert[];
}

const toStoredAlert = (a: AlertJson): PatientStoredAlert => ({
  ...a,
  readingDate: dateOrNull(a.readingDate),
  snoozedUntil: dateOrNull(a.snoozedUntil),
  dismissedAt: dateOrNull(a.dismissedAt),
});

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

    /**
     * The patients, with their rows locked until the transaction ends, taken in id order so that two
     * batches sharing patients cannot deadlock. Unknown ids are left out.
     */
    lockSubjects(patientIds: readonly string[]): Promise<AlertSubject[]> {
      const ids = patientIds.filter(isUuid);
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select(subjectFields)
        .from(patients)
        .innerJoin(clinics, eq(clinics.id, patients.clinicId))
        .where(inArray(patients.id, ids))
        .orderBy(asc(patients.id))
        .for('update', { of: patients });
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
     * Inserts a batch of readings in one statement; one whose (source, vendor id) is already stored is
     * skipped (a vendor's resend), and left out of `inserted`. The same statement reads what the alert
     * rules need next for every patient of the batch: their readings within their own spans (disjoint)
     * and their alerts of these types. Those reads see the database as it was when the statement began, so the
     * batch's readings are not among them (the caller adds them, one by one, in order).
     */
    async insertManyWithRuleInputs(
      values: readonly NewBatchReading[],
      windowSpans: ReadonlyMap<string, readonly { from: Date; to: Date }[]>,
      alertTypes: readonly string[],
      now: Date,
    ): Promise<InsertedBatch> {
      const rows = JSON.stringify(
        values.map((v) => ({
          id: v.id,
          clinic_id: v.clinicId,
          patient_id: v.patientId,
          taken_at: v.takenAt.toISOString(),
          time_zone: v.timeZone,
          systolic: v.systolic,
          diastolic: v.diastolic,
          heart_rate: v.heartRate,
          weight_lbs: v.weightLbs,
          source: v.source,
          vendor_reading_id: v.vendorReadingId,
          device_id: v.deviceId,
          raw: v.raw ?? null,
          created_by: v.createdBy,
        })),
      );
      const spans = JSON.stringify(
        [...windowSpans].flatMap(([patientId, list]) =>
          list.map(({ from, to }) => ({
            patient_id: patientId,
            since: from.toISOString(),
            until: to.toISOString(),
          })),
        ),
      );
      const {
        rows: [row],
      } = await executePrepared<{
        inserted: { id: string; createdAt: string }[] | null;
        windows: (WindowJson & { patientId: string })[] | null;
        alerts: AlertJson[] | null;
      }>(
        db,
        sql`
          with ins as (
            insert into ${readings} (id, clinic_id, patient_id, taken_at, time_zone, systolic, diastolic,
              heart_rate, weight_lbs, source, vendor_reading_id, device_id, raw, created_by, created_at)
            select id, clinic_id, patient_id, taken_at, time_zone, systolic, diastolic, heart_rate,
              weight_lbs, source, vendor_reading_id, device_id, raw, created_by, ${now.toISOString()}::timestamptz
            from jsonb_to_recordset(${rows}::jsonb) as x(id uuid, clinic_id uuid, patient_id uuid,
              taken_at timestamptz, time_zone text, systolic integer, diastolic integer, heart_rate integer,
              weight_lbs real, source text, vendor_reading_id text, device_id uuid, raw jsonb, created_by uuid)
            on conflict (source, vendor_reading_id) where vendor_reading_id is not null do nothing
            returning id, created_at
          ), spans as (
            select * from jsonb_to_recordset(${spans}::jsonb)
              as s(patient_id uuid, since timestamptz, until timestamptz)
          )
          select
            (select json_agg(json_build_object('id', id, 'createdAt', created_at)) from ins) as inserted,
            (select json_agg(json_build_object('patientId', w.patient_id, 'date', w.taken_at,
                'systolic', w.systolic, 'diastolic', w.diastolic, 'heartRate', w.heart_rate,
                'weight', w.weight_lbs, 'source', w.source) order by w.patient_id, w.taken_at)
              from ${readings} w join spans s on s.patient_id = w.patient_id
              where w.removed_at is null and w.taken_at >= s.since and w.taken_at < s.until) as windows,
            (select json_agg(json_build_object('id', a.id, 'patientId', a.patient_id, 'type', a.type,
                'category', a.category, 'readingDate', a.reading_date, 'snoozedUntil', a.snoozed_until,
                'dismissedAt', a.dismissed_at))
              from ${alerts} a
              where a.patient_id in (select patient_id from spans)
                and a.type = any(${`{${alertTypes.join(',')}}`}::text[])
                and (a.dismiss_note is null or a.dismiss_note <> ${alertWithdrawnNote})) as alerts`,
      );
      const windows = new Map<string, Reading[]>();
      for (const { patientId, ...r } of row?.windows ?? []) {
        const reading = { ...r, date: new Date(r.date) };
        const list = windows.get(patientId);
        if (list) list.push(reading);
        else windows.set(patientId, [reading]);
      }
      return {
        inserted: new Map((row?.inserted ?? []).map((r) => [r.id, new Date(r.createdAt)])),
        windows,
        alerts: (row?.alerts ?? []).map(toStoredAlert),
      };
    },

    /** The stored readings of these (source, vendor id) pairs. */
    findBySourceAndVendorIds(
      pairs: readonly { source: string; vendorReadingId: string }[],
    ): Promise<ReadingRow[]> {
      if (pairs.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(readings)
        .where(
          sql`(${readings.source}, ${readings.vendorReadingId}) in (${sql.join(
            pairs.map((p) => sql`(${p.source}, ${p.vendorReadingId})`),
            sql`, `,
          )})`,
        );
    },

    /** Stores the values and raw payloads of readings that parts sent apart completed, in one statement. */
    async completeReadings(
      values: readonly Pick<ReadingRow, 'id' | 'systolic' | 'diastolic' | 'heartRate' | 'raw'>[],
    ): Promise<void> {
      if (values.length === 0) return;
      const json = JSON.stringify(
        values.map((v) => ({
          id: v.id,
          systolic: v.systolic,
          diastolic: v.diastolic,
          heart_rate: v.heartRate,
          raw: v.raw,
        })),
      );
      await executePrepared(
        db,
        sql`
        update ${readings} set systolic = x.systolic, diastolic = x.diastolic, heart_rate = x.heart_rate,
          raw = x.raw
        from jsonb_to_recordset(${json}::jsonb)
          as x(id uuid, systolic integer, diastolic integer, heart_rate integer, raw jsonb)
        where ${readings.id} = x.id`,
      );
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

    /** When each patient's latest reading (not removed) reached Vigil: where an adherence lapse ends. */
    async findLastArrivals(patientIds: readonly string[]): Promise<Map<string, Date>> {
      if (patientIds.length === 0) return new Map();
      const rows = await db
        .select({ patientId: readings.patientId, at: max(readings.createdAt) })
        .from(readings)
        .where(and(inArray(readings.patientId, [...patientIds]), isNull(readings.removedAt)))
        .groupBy(readings.patientId);
      return new Map(rows.flatMap((r) => (r.at ? [[r.patientId, r.at] as const] : [])));
    },

    async markRemoved(id: string, userId: string | null, now: Date): Promise<ReadingRow | undefined> {
      const [row] = await db
        .update(readings)
        .set({ removedAt: now, removedBy: userId })
        .where(and(eq(readings.id, id), isNull(readings.removedAt)))
        .returning();
      return row;
    },

    /**
     * The patients' alerts of these types, open and dismissed: what a new finding is merged against. An alert
     * withdrawn because its reading was removed is none of them: no one cleared what it showed.
     */
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
        .where(
          and(inArray(alerts.patientId, [...patientIds]), inArray(alerts.type, [...types]), notWithdrawn),
        );
    },

    async insertAlerts(values: readonly NewAlert[], now: Date): Promise<void> {
      if (values.length === 0) return;
      await db.insert(alerts).values(values.map((v) => ({ ...v, createdAt: now, updatedAt: now })));
    },

    /** Keeps each finding of the alerts (`alert_findings`); one already kept is kept once. */
    async insertAlertFindings(findings: readonly { alertId: string; readingDate: Date }[]) {
      if (findings.length === 0) return;
      const json = JSON.stringify(
        findings.map((f) => ({ alert_id: f.alertId, reading_date: f.readingDate })),
      );
      await executePrepared(
        db,
        sql`
        insert into ${alertFindings} (alert_id, reading_date)
        select distinct x.alert_id, x.reading_date
        from jsonb_to_recordset(${json}::jsonb) as x(alert_id uuid, reading_date timestamptz)
        on conflict do nothing`,
      );
    },

    /** A patient's readings not removed, taken in [from, to], as the rules see them, with when each was stored. */
    findRuleReadings(patientId: string, from: Date, to: Date): Promise<(Reading & { createdAt: Date })[]> {
      return db
        .select({ ...ruleFields, createdAt: readings.createdAt })
        .from(readings)
        .where(
          and(
            eq(readings.patientId, patientId),
            isNull(readings.removedAt),
            gte(readings.takenAt, from),
            lte(readings.takenAt, to),
          ),
        )
        .orderBy(asc(readings.takenAt));
    },

    /**
     * Forgets the findings a revision left behind: every finding of the withdrawn alerts, and those of a
     * moved alert after its new date (their readings hold its rule no more).
     */
    async deleteFindingsOfRevisedAlerts(
      withdrawnIds: readonly string[],
      moved: readonly { alertId: string; readingDate: Date }[],
    ): Promise<void> {
      if (withdrawnIds.length > 0)
        await db.delete(alertFindings).where(inArray(alertFindings.alertId, [...withdrawnIds]));
      if (moved.length === 0) return;
      const json = JSON.stringify(moved.map((m) => ({ id: m.alertId, reading_date: m.readingDate })));
      await db.execute(sql`
        delete from ${alertFindings} f using jsonb_to_recordset(${json}::jsonb) as x(id uuid, reading_date timestamptz)
        where f.alert_id = x.id and f.reading_date > x.reading_date`);
    },

    /**
     * Forgets the findings of a patient's alerts at an instant no reading of theirs holds any more (its
     * reading was removed): a month's report then does not list an alert at a reading that counts nowhere.
     */
    async deleteFindingsWithoutReading(patientId: string, at: Date): Promise<void> {
      await db.execute(sql`
        delete from ${alertFindings} f using ${alerts} a
        where a.id = f.alert_id and a.patient_id = ${patientId}
          and f.reading_date = ${at.toISOString()}::timestamptz
          and not exists (select 1 from ${readings} r where r.patient_id = ${patientId}
            and r.taken_at = f.reading_date and r.removed_at is null)`);
    },

    /** Clears alerts whose evidence is gone, as cleared by `userId` with `note`. */
    async withdrawAlerts(alertIds: readonly string[], userId: string, note: string, now: Date) {
      if (alertIds.length === 0) return;
      await db
        .update(alerts)
        .set({ dismissedAt: now, dismissedBy: userId, dismissNote: note, updatedAt: now })
        .where(and(inArray(alerts.id, [...alertIds]), isNull(alerts.dismissedAt)));
    },

    /**
     * Moves alerts' reading dates. A move forward of a reading rule's alert is a reading staff have not
     * seen, worse or the same again: it ends the alert's snooze (a 240/135 must not wait behind the snooze
     * of a 210). An adherence alert moves forward at every run and keeps its snooze; a move back (a
     * removal) changes no snooze.
     */
    async updateAlertReadingDates(moves: readonly { alertId: string; readingDate: Date }[], now: Date) {
      if (moves.length === 0) return;
      const json = JSON.stringify(moves.map((m) => ({ id: m.alertId, reading_date: m.readingDate })));
      await executePrepared(
        db,
        sql`
        update ${alerts} set reading_date = x.reading_date, updated_at = ${now.toISOString()}::timestamptz,
          snoozed_until = case
            when ${alerts.category} <> 'AdherenceCoaching' and x.reading_date > ${alerts.readingDate} then null
            else ${alerts.snoozedUntil} end
        from jsonb_to_recordset(${json}::jsonb) as x(id uuid, reading_date timestamptz)
        where ${alerts.id} = x.id`,
      );
    },
  };
}

export type ReadingsRepository = ReturnType<typeof createReadingsRepository>;
