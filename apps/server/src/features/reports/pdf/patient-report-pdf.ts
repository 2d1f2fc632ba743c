/**
 * The patient report PDF (decision 0013): the one module other features import, for a report alone
 * (`GET /reports/patient`, the monthly email) or many in one document (the monitoring batch).
 *
 *   const data = await loadPatientReportData(db, { patientId, type, version, month, year }, { scope, now });
 *   // undefined when the patient does not exist or lies outside `scope` (a 404 for the caller)
 *   const pdf: Buffer = await renderPatientReportsPdf([data, ...more]);
 *   const name = patientReportFileName(data); // 'Blood Pressure Report - Rosa Diaz - 2026-11.pdf'
 *
 * - `loadPatientReportData(db, request, options?)`: reads the patient (with clinic and physician), the
 *   month's readings on the clinic's calendar, the month's alerts and the approved monthly note, and builds
 *   what the report prints. `options.scope` defaults to every clinic (jobs); pass the user's scope on a
 *   request. `options.now` (default: the current time) dates the report and decides whether an alert is
 *   still snoozed. No audit event is written: the caller records one for its reason.
 * - `renderPatientReportsPdf(reports, options?)`: one Letter-size document, each report starting on a new
 *   page, numbered within itself; an empty list renders one page reading `options.emptyText` ('No patients').
 *   It is laid out in the PDF render thread (`pdf-render-thread.ts`), not the thread answering requests.
 * - `patientReportFileName(data)`: the file name the route and the email give the PDF.
 */
import { weightComparisonDays } from '@vigil/core';
import type { DbOrTx } from '../../../db/client.js';
import { createMonthlyNotesRepository } from '../../monthly-notes/monthly-notes.repository.js';
import type { PatientScope } from '../../patients/patient-scope.js';
import { createReadingsViewRepository } from '../../readings/readings-view.repository.js';
import { createPatientReportRepository } from '../patient-report.repository.js';
import {
  buildPatientReportData,
  type PatientReportData,
  type PatientReportRequest,
  reportMonthRange,
} from './patient-report-data.js';
import { createPdfRenderThread } from './pdf-render-thread.js';

export type {
  PatientReportData,
  PatientReportRequest,
} from './patient-report-data.js';
export { reportMonthLabel } from './patient-report-data.js';

const renderThread = createPdfRenderThread();

const weekMs = weightComparisonDays * 86_400_000;

export async function loadPatientReportData(
  db: DbOrTx,
  request: PatientReportRequest,
  options: { scope?: PatientScope; now?: Date } = {},
) {
  const scope = options.scope ?? { allClinics: true };
  const patient = await createPatientReportRepository(db).findPatient(scope, request.patientId);
  if (!patient) return undefined;
  const range = reportMonthRange(request.month, request.year, patient.clinicTimeZone);
  // The week before the month too: a weight's change against 7 days earlier looks back across it.
  const [readings, alerts, monthlyNote] = await Promise.all([
    createReadingsViewRepository(db).findByPatientInRange(
      patient.id,
      new Date(range.start.getTime() - weekMs - 86_400_000),
      range.end,
    ),
    request.version === 'new'
      ? createPatientReportRepository(db).findAlertsInRange(patient.id, range.start, range.end)
      : Promise.resolve([]),
    request.version === 'new'
      ? createMonthlyNotesRepository(db).findByMonth(patient.id, request.year, request.month)
      : Promise.resolve(undefined),
  ]);
  return buildPatientReportData({
    request: { ...request, patientId: patient.id },
    patient,
    readings,
    alerts,
    monthlyNote,
    now: options.now ?? new Date(),
  });
}

export async function renderPatientReportsPdf(
  reports: readonly PatientReportData[],
  options: { title?: string; emptyText?: string } = {},
): Promise<Buffer> {
  const title =
    options.title ??
    (reports.length === 1 ? `${reports[0]!.title} - ${reports[0]!.patient.name}` : 'Patient Reports');
  return renderThread.render({ reports, title, emptyText: options.emptyText ?? 'No patients' });
}

/** 'Blood Pressure Report - Rosa Diaz - 2026-11.pdf': letters of any language, nothing a path could use. */
export function patientReportFileName(data: {
  title: string;
  patient: { name: string };
  request: { month: number; year: number };
}): string {
  const safe = (text: string) =>
    text
      .replace(/[^\p{L}\p{N} .,'&()-]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const month = `${data.request.year}-${String(data.request.month).padStart(2, '0')}`;
  return `${safe(data.title)} - ${safe(data.patient.name) || 'Patient'} - ${month}.pdf`;
}
