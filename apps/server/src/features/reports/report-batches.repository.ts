import type { ReportView } from '@vigil/core';
import { and, asc, count, desc, eq, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { clinics, patients, type ReportRow, reports, users } from '../../db/schema/index.js';
import { isUuid } from '../../db/uuid.js';
import { reportPatientsCondition, reportPatientsOrder } from './reports.repository.js';

export type NewReport = Pick<
  ReportRow,
  'clinicId' | 'physicianId' | 'requestedBy' | 'month' | 'year' | 'version' | 'fileName' | 'createdAt'
>;

const physician = alias(users, 'physician');

/** The monitoring batch reports (`reports`) and the patients one covers. */
export function createReportBatchesRepository(db: DbOrTx) {
  const views = (where: SQL | undefined) =>
    db
      .select({
        report: reports,
        clinicName: clinics.name,
        physicianFirstName: physician.firstName,
        physicianLastName: physician.lastName,
      })
      .from(reports)
      .innerJoin(clinics, eq(clinics.id, reports.clinicId))
      .leftJoin(physician, eq(physician.id, reports.physicianId))
      .where(where)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .then((rows) =>
        rows.map(
          ({ report: r, clinicName, physicianFirstName, physicianLastName }): ReportView => ({
            _id: r.id,
            fileName: r.fileName,
            status: r.status,
            failureReason: r.failureReason,
            month: r.month,
            year: r.year,
            version: r.version,
            clinic: { _id: r.clinicId, name: clinicName },
            physician: r.physicianId
              ? { _id: r.physicianId, fullName: `${physicianFirstName} ${physicianLastName}` }
              : null,
            createdAt: r.createdAt.toISOString(),
          }),
        ),
      );

  return {
    /**
     * How many of this user's reports are pending, with the user's row locked until the transaction ends,
     * so two requests of one user count one after the other.
     */
    async countPendingOfRequesterLocked(userId: string): Promise<number> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [row] = await db
        .select({ n: count() })
        .from(reports)
        .where(and(eq(reports.requestedBy, userId), eq(reports.status, 'pending')));
      return row!.n;
    },

    async insert(values: NewReport): Promise<ReportRow> {
      const [row] = await db
        .insert(reports)
        .values({ ...values, status: 'pending' })
        .returning();
      return row!;
    },

    async findById(id: string): Promise<ReportRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(reports).where(eq(reports.id, id));
      return row;
    },

    async findViewById(id: string): Promise<ReportView | undefined> {
      if (!isUuid(id)) return undefined;
      const [view] = await views(eq(reports.id, id));
      return view;
    },

    /** A user's own reports, newest first. */
    findViewsByRequester(userId: string): Promise<ReportView[]> {
      return views(eq(reports.requestedBy, userId));
    },

    /** Reports still pending that were created before `instant`, oldest first. */
    async findPendingIdsCreatedBefore(instant: Date): Promise<string[]> {
      const rows = await db
        .select({ id: reports.id })
        .from(reports)
        .where(and(eq(reports.status, 'pending'), lt(reports.createdAt, instant)))
        .orderBy(asc(reports.createdAt));
      return rows.map((r) => r.id);
    },

    /** Done, with its file: only from pending, so a late second run of the job changes nothing. */
    async markDone(id: string, storageKey: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(reports)
        .set({ status: 'done', storageKey, completedAt: at, failureReason: null })
        .where(and(eq(reports.id, id), eq(reports.status, 'pending')))
        .returning({ id: reports.id });
      return rows.length > 0;
    },

    /** Failed, with the reason in words: only from pending, so a done report stays done. */
    async markFailed(id: string, reason: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(reports)
        .set({ status: 'failed', failureReason: reason, completedAt: at })
        .where(and(eq(reports.id, id), eq(reports.status, 'pending')))
        .returning({ id: reports.id });
      return rows.length > 0;
    },

    /** The patients a report covers, in name order. */
    async findPatientIdsByClinic(clinicId: string, physicianId: string | null): Promise<string[]> {
      const rows = await db
        .select({ id: patients.id })
        .from(patients)
        .where(reportPatientsCondition(clinicId, physicianId))
        .orderBy(...reportPatientsOrder);
      return rows.map((r) => r.id);
    },
  };
}

export type ReportBatchesRepository = ReturnType<typeof createReportBatchesRepository>;
