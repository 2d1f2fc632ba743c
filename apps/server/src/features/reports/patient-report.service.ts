import {
  AppError,
  errorMessages,
  type PatientReportType,
  patientReportTypeLabels,
  type ReportVersion,
  reportTexts,
  reportVersionLabels,
  toasts,
} from '@vigil/core';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { FileStorage } from '../../integrations/storage/storage.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { OutboxService } from '../outbox/outbox.service.js';
import { patientScope } from '../patients/patient-scope.js';
import { createPatientReportRepository } from './patient-report.repository.js';
import { queueReportEmail, reportEmailRefusal, storeReportAttachment } from './patient-report-email.js';
import {
  loadPatientReportData,
  type PatientReportRequest,
  patientReportFileName,
  renderPatientReportsPdf,
} from './pdf/patient-report-pdf.js';

export interface PatientReportQuery {
  patient: string;
  type: PatientReportType;
  version: ReportVersion;
  month: number;
  year: number;
}

const notFound = () => new AppError('NOT_FOUND', errorMessages.notFound);

/** 'the Blood Pressure report for 11/2026 (New Version)': how the audit trail names a report. */
export const reportAuditName = (r: {
  type: PatientReportType;
  version: ReportVersion;
  month: number;
  year: number;
}) =>
  `the ${patientReportTypeLabels[r.type]} report for ${String(r.month).padStart(2, '0')}/${r.year} (${reportVersionLabels[r.version]})`;

/**
 * A patient's report (spec patients 2.8, 7; decision 0013): the PDF for anyone who may see the patient, or
 * emailed to the patient who agreed to email. Each is one audit event on the patient.
 */
export function createPatientReportService(deps: {
  db: Db;
  clock: Clock;
  audit: AuditService;
  outbox: OutboxService;
  storage: FileStorage;
}) {
  const { db, clock, audit, outbox, storage } = deps;

  const requestOf = (q: PatientReportQuery): PatientReportRequest => ({
    patientId: q.patient,
    type: q.type,
    version: q.version,
    month: q.month,
    year: q.year,
  });

  return {
    async generate(
      actor: AuthUser,
      query: PatientReportQuery,
      ip: string | null,
    ): Promise<{ fileName: string; pdf: Buffer }> {
      const now = clock.now();
      const data = await loadPatientReportData(db, requestOf(query), { scope: patientScope(actor), now });
      if (!data) throw notFound();
      const pdf = await renderPatientReportsPdf([data]);
      await audit.patientViewed(db, {
        actorUserId: actor.id,
        patient: { id: data.request.patientId, clinicId: data.clinic.id },
        view: 'report',
        message: `Generated ${reportAuditName(query)}`,
        ip,
        details: { type: query.type, version: query.version, month: query.month, year: query.year },
      });
      return { fileName: patientReportFileName(data), pdf };
    },

    /** Emails the report as a PDF attachment through the outbox, so a failed delivery is retried. */
    async email(actor: AuthUser, query: PatientReportQuery, ip: string | null): Promise<{ message: string }> {
      const scope = patientScope(actor);
      const patient = await createPatientReportRepository(db).findPatient(scope, query.patient);
      if (!patient) throw notFound();
      const refusal = reportEmailRefusal(patient);
      if (refusal) throw new AppError('UNPROCESSABLE', reportTexts[refusal]);
      const now = clock.now();
      const data = await loadPatientReportData(db, requestOf(query), { scope, now });
      if (!data) throw notFound();
      const attachment = await storeReportAttachment(storage, data, await renderPatientReportsPdf([data]));
      const outboxId = await db.transaction(async (tx) => {
        const id = await queueReportEmail(outbox, tx, patient, data, attachment);
        await audit.record(tx, {
          actorUserId: actor.id,
          clinicId: patient.clinicId,
          patientId: patient.id,
          action: 'report.emailed',
          entityType: 'patient',
          entityId: patient.id,
          message: `Emailed ${reportAuditName(query)} to the patient`,
          details: {
            type: query.type,
            version: query.version,
            month: query.month,
            year: query.year,
            outboxId: id,
          },
          ip,
        });
        return id;
      });
      await outbox.deliver(outboxId);
      return { message: toasts.reportSent };
    },
  };
}

export type PatientReportService = ReturnType<typeof createPatientReportService>;
