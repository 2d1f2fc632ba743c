import { useMutation } from '@tanstack/react-query';
import { messages } from '@vigil/core';
import { type ApiFile, api, endsSession } from '../../../lib/api-client';
import { saveFile } from '../../../lib/files';
import { showToast } from '../../../lib/toast';

export interface BillingReportQuery {
  month: number;
  year: number;
  physician: string;
  clinic: string;
}

/** GET /api/reports/billing: the month's billing CSV, fetched with the bearer header (decision 0013). */
export async function getBillingReport(query: BillingReportQuery): Promise<ApiFile> {
  const params = new URLSearchParams({
    month: String(query.month),
    year: String(query.year),
    physician: query.physician,
    clinic: query.clinic,
  });
  return api.getFile(`/reports/billing?${params}`);
}

/** Downloads the billing CSV under the server's file name. */
export function useDownloadBillingReport() {
  return useMutation({
    mutationFn: getBillingReport,
    onSuccess: (file, query) =>
      saveFile(file, `Billing ${query.year}-${String(query.month).padStart(2, '0')}.csv`),
    // Any failure, a 404 too, is the spec's one message (patients 8); a 401 still signs out.
    meta: { silent: true },
    onError: (error) => {
      if (!endsSession(error)) showToast(messages.billingReportFailed, 'error');
    },
  });
}
