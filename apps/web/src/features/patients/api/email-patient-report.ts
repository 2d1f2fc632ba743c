import { useMutation } from '@tanstack/react-query';
import { messages, reportTexts, toasts } from '@vigil/core';
import { ApiError, api, endsSession } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { type PatientReportRequest, patientReportParams } from './get-patient-report';

/** The server's refusals a user can act on; any other failure is the spec's one message (patients 8). */
const explainedRefusals: readonly string[] = [reportTexts.noEmailConsent, reportTexts.noEmailAddress];

/** GET /api/reports/patient with sendMail=true: the report goes to the patient's email as an attachment. */
export async function emailPatientReport(request: PatientReportRequest): Promise<{ message: string }> {
  const params = patientReportParams(request);
  params.set('sendMail', 'true');
  const answer = await api.get<{ data: { message: string } }>(`/reports/patient?${params}`);
  return answer.data;
}

/** Email Report (spec patients 2.8): 'Report Sent Successfully!' or the reason it could not be sent. */
export function useEmailPatientReport() {
  return useMutation({
    mutationFn: emailPatientReport,
    onSuccess: () => showToast(toasts.reportSent, 'success'),
    meta: { silent: true },
    onError: (error) => {
      if (endsSession(error)) return;
      const message = error instanceof ApiError ? error.data.message : undefined;
      showToast(
        message && explainedRefusals.includes(message) ? message : messages.reportEmailFailed,
        'error',
      );
    },
  });
}
