import { useMutation } from '@tanstack/react-query';
import { labels, messages, type PatientReportType, type ReportVersion } from '@vigil/core';
import { type ApiFile, api, endsSession } from '../../../lib/api-client';
import { openPendingTab, type PendingTab } from '../../../lib/files';
import { showToast } from '../../../lib/toast';

/** What a patient report is of (core's `PatientReportQuery` reads it). */
export interface PatientReportRequest {
  patient: string;
  /** The patient's physician, when the screen knows it; the server otherwise finds it. */
  physician?: string | null;
  type: PatientReportType;
  month: number;
  year: number;
  version: ReportVersion;
}

export function patientReportParams(request: PatientReportRequest): URLSearchParams {
  const params = new URLSearchParams({
    type: request.type,
    month: String(request.month),
    year: String(request.year),
    patient: request.patient,
    version: request.version,
  });
  if (request.physician) params.set('physician', request.physician);
  return params;
}

/** GET /api/reports/patient: the patient's month as a PDF, fetched with the bearer header (decision 0013). */
export async function getPatientReport(request: PatientReportRequest): Promise<ApiFile> {
  return api.getFile(`/reports/patient?${patientReportParams(request)}`);
}

/**
 * Generate (spec patients 2.8): opens the report in a new tab. The tab opens in the click itself, so that
 * no popup blocker stops it, and shows the PDF when it arrives; without a tab the PDF is saved instead.
 */
export function useGeneratePatientReport() {
  const mutation = useMutation({
    mutationFn: async ({ request, tab }: { request: PatientReportRequest; tab: PendingTab }) => {
      try {
        tab.show(await getPatientReport(request), `Report ${request.year}-${request.month}.pdf`);
      } catch (error) {
        tab.close();
        throw error;
      }
    },
    // Any failure, a 404 too, is the spec's one message (patients 8); a 401 still signs out.
    meta: { silent: true },
    onError: (error) => {
      if (!endsSession(error)) showToast(messages.dataReportFailed, 'error');
    },
  });
  return {
    /** Call in the click handler. */
    generate: (request: PatientReportRequest, onDone?: () => void) =>
      mutation.mutate({ request, tab: openPendingTab(labels.loading) }, { onSuccess: () => onDone?.() }),
    isPending: mutation.isPending,
  };
}
