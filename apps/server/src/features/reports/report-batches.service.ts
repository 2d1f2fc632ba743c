import {
  AppError,
  errorMessages,
  type GenerateReportRequest,
  maxPendingReportsPerUser,
  monitoringReportFileName,
  type ReportVersion,
  type ReportView,
  reportTexts,
} from '@vigil/core';
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { FileStorage } from '../../integrations/storage/storage.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { patientScope, scopeIncludesClinic } from '../patients/patient-scope.js';
import { patientCount } from './billing-report.service.js';
import { createReportBatchesRepository } from './report-batches.repository.js';
import { physicianName, reportReachText, resolveReportTarget } from './report-target.js';
import { createReportsRepository } from './reports.repository.js';

export type GenerateBatchRequest = Omit<z.output<typeof GenerateReportRequest>, 'clinic' | 'physician'> & {
  clinic?: string | undefined;
  physician?: string | undefined;
};

/** Sends the job that builds a report (pg-boss, keyed by the report's id); absent while jobs are off. */
export type ReportEnqueuer = (reportId: string) => Promise<void>;

/** Makes one PDF with the patient report of each of these patients, in this order (decision 0013). */
export type BatchPdfRenderer = (request: {
  clinicId: string;
  patientIds: readonly string[];
  month: number;
  year: number;
  version: ReportVersion;
  /** Aborted when the job's claim is gone (expired, cancelled): the work may stop. */
  signal?: AbortSignal;
}) => Promise<Buffer>;

/** Why a report failed, as its requester reads it in the list (no error's inner text: it may hold anything). */
export const reportFailureReasons = {
  render: 'The PDF could not be made. Please generate the report again.',
  store: 'The PDF could not be saved. Please generate the report again.',
  tooLong: 'The report took too long to build. Please generate it again.',
  noPatients: (reach: string) => `There are no enrolled patients of ${reach}.`,
} as const;

/** A failure that another try will not cure: the report fails at once with this reason. */
export class ReportBuildRefused extends Error {}

/** A step of the build failed; `reason` is what the report says if no retry succeeds. */
export class ReportBuildFailed extends Error {
  constructor(
    readonly reason: string,
    options: { cause: unknown },
  ) {
    super(reason, options);
  }
}

/** The reports list polls every 10 seconds (spec administration 4): a try after that may find room. */
const reportPendingRetrySeconds = 10;

export const reportStorageKey = (reportId: string) => `reports/${reportId}.pdf`;
/** Beside the PDF, the ids of the patients it holds: the download's audit event names them. */
const reportPatientsKey = (reportId: string) => `reports/${reportId}.json`;

async function readReportPatients(storage: FileStorage, reportId: string): Promise<string[]> {
  const bytes = await storage.get(reportPatientsKey(reportId));
  return bytes ? (JSON.parse(bytes.toString('utf8')) as { patientIds: string[] }).patientIds : [];
}

/**
 * Monitoring batch reports (spec administration 2, 3, 4, 7; decision 0013): a report is stored pending and
 * its job is sent; the job builds one PDF of every patient of the physician (or all physicians) in the
 * clinic and marks it done, or failed with the reason. A user sees and downloads only the reports they
 * asked for, and only while they may see the clinic.
 */
export function createReportBatchesService(deps: {
  db: Db;
  clock: Clock;
  audit: AuditService;
  storage: FileStorage;
  render: BatchPdfRenderer;
  enqueue: () => ReportEnqueuer | undefined;
}) {
  const { db, clock, audit, storage } = deps;
  const repo = createReportBatchesRepository(db);

  /** Reports are the signed-in user's own: a `userId` naming someone else is refused, not ignored. */
  const checkOwnUser = (actor: AuthUser, userId: string | undefined) => {
    if (userId !== undefined && userId !== actor.id) throw new AppError('FORBIDDEN', errorMessages.forbidden);
  };

  return {
    async generate(actor: AuthUser, request: GenerateBatchRequest, ip: string | null): Promise<ReportView> {
      checkOwnUser(actor, request.userId);
      const target = await resolveReportTarget(createReportsRepository(db), actor, request);
      const { month, year } = request;
      const patientIds = await repo.findPatientIdsByClinic(target.clinic.id, target.physician?.id ?? null);
      const report = await db.transaction(async (tx) => {
        const txRepo = createReportBatchesRepository(tx);
        // Each report is built in turn: one user's many would hold everyone else's back.
        if ((await txRepo.countPendingOfRequesterLocked(actor.id)) >= maxPendingReportsPerUser)
          throw new AppError(
            'TOO_MANY_REQUESTS',
            reportTexts.tooManyPending,
            undefined,
            reportPendingRetrySeconds,
          );
        const row = await txRepo.insert({
          clinicId: target.clinic.id,
          physicianId: target.physician?.id ?? null,
          requestedBy: actor.id,
          month,
          year,
          version: request.version,
          fileName: monitoringReportFileName({
            clinicName: target.clinic.name,
            physicianName: target.physician ? physicianName(target.physician) : null,
            month,
            year,
          }),
          createdAt: clock.now(),
        });
        await audit.record(tx, {
          actorUserId: actor.id,
          clinicId: target.clinic.id,
          patientId: null,
          action: 'report.monitoring.requested',
          entityType: 'report',
          entityId: row.id,
          message: `Requested the monitoring report of ${reportReachText(target, month, year)} (${patientCount(patientIds.length)})`,
          details: { month, year, version: request.version, physicianId: target.physician?.id ?? null },
          ip,
        });
        return row;
      });
      // After the commit, so the job finds the row; if this send is lost, the sweep sends it again.
      await deps.enqueue()?.(report.id);
      return (await repo.findViewById(report.id))!;
    },

    async list(actor: AuthUser, userId: string | undefined): Promise<ReportView[]> {
      checkOwnUser(actor, userId);
      return repo.findViewsByRequester(actor.id);
    },

    /** A done report's PDF, for the user who asked for it while they may still see its clinic. */
    async file(
      actor: AuthUser,
      reportId: string,
      ip: string | null,
    ): Promise<{ fileName: string; bytes: Buffer }> {
      const report = await repo.findById(reportId);
      if (
        !report ||
        report.requestedBy !== actor.id ||
        !scopeIncludesClinic(patientScope(actor), report.clinicId)
      )
        throw new AppError('NOT_FOUND', errorMessages.notFound);
      if (report.status !== 'done' || !report.storageKey)
        throw new AppError('CONFLICT', reportTexts.reportNotReady);
      const bytes = await storage.get(report.storageKey);
      if (!bytes) throw new Error(`The file of report ${report.id} is missing from storage`);
      // A read of many patients at once: one event with no patient, naming every patient in the file.
      const patientIds = await readReportPatients(storage, report.id);
      await audit.patientsListed(db, {
        actorUserId: actor.id,
        clinicId: report.clinicId,
        list: 'monitoring-report',
        patientIds,
        message: `Downloaded the monitoring report ${report.fileName} (${patientCount(patientIds.length)})`,
        details: { reportId: report.id, month: report.month, year: report.year },
        ip,
      });
      return { fileName: report.fileName, bytes };
    },

    /**
     * Builds a pending report: the PDF of its patients, stored, then the report done, and an audit event
     * (in the requester's name) that lists the patients the file holds. A report no longer pending is left
     * as it is. Throws `ReportBuildRefused` when another try cannot help, `ReportBuildFailed` otherwise.
     */
    async build(reportId: string, signal?: AbortSignal): Promise<'done' | 'not-pending' | 'missing'> {
      const report = await repo.findById(reportId);
      if (!report) return 'missing';
      if (report.status !== 'pending') return 'not-pending';
      const view = (await repo.findViewById(reportId))!;
      const reach = `${view.physician ? `${view.physician.fullName} at ` : ''}${view.clinic.name}`;
      const patientIds = await repo.findPatientIdsByClinic(report.clinicId, report.physicianId);
      if (!patientIds.length) throw new ReportBuildRefused(reportFailureReasons.noPatients(reach));
      let pdf: Buffer;
      try {
        pdf = await deps.render({
          clinicId: report.clinicId,
          patientIds,
          month: report.month,
          year: report.year,
          version: report.version,
          ...(signal ? { signal } : {}),
        });
      } catch (error) {
        throw new ReportBuildFailed(reportFailureReasons.render, { cause: error });
      }
      const key = reportStorageKey(report.id);
      try {
        await storage.put(key, pdf);
        await storage.put(reportPatientsKey(report.id), Buffer.from(JSON.stringify({ patientIds })));
      } catch (error) {
        throw new ReportBuildFailed(reportFailureReasons.store, { cause: error });
      }
      await db.transaction(async (tx) => {
        const marked = await createReportBatchesRepository(tx).markDone(report.id, key, clock.now());
        if (!marked) return;
        await audit.record(tx, {
          actorUserId: report.requestedBy,
          clinicId: report.clinicId,
          patientId: null,
          action: 'report.monitoring.built',
          entityType: 'report',
          entityId: report.id,
          message: `Built the monitoring report ${report.fileName} (${patientCount(patientIds.length)})`,
          details: { month: report.month, year: report.year, count: patientIds.length, patientIds },
          ip: null,
        });
      });
      return 'done';
    },

    /** Marks a pending report failed with the reason its requester reads. */
    fail(reportId: string, reason: string): Promise<boolean> {
      return repo.markFailed(reportId, reason, clock.now());
    },

    /** Pending reports created before `instant`, oldest first: the sweep sends their jobs again. */
    findPendingIdsCreatedBefore(instant: Date): Promise<string[]> {
      return repo.findPendingIdsCreatedBefore(instant);
    },
  };
}

export type ReportBatchesService = ReturnType<typeof createReportBatchesService>;
