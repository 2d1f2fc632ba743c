import { useMutation } from '@tanstack/react-query';
import { labels, messages, type ReportView } from '@vigil/core';
import { type ApiFile, api, endsSession } from '../../../lib/api-client';
import { openPendingTab, type PendingTab } from '../../../lib/files';
import { showToast } from '../../../lib/toast';

/** GET /api/reports/batch?reportId=: a done monitoring report's PDF, fetched with the bearer header. */
export async function getBatchReport(reportId: string): Promise<ApiFile> {
  return api.getFile(`/reports/batch?${new URLSearchParams({ reportId })}`);
}

/**
 * Opens a done report in a new tab (spec administration 7). The tab opens in the click itself, before the
 * bytes arrive, so that no popup blocker stops it; the bytes then go to it (decision 0013).
 */
export function useOpenBatchReport() {
  const mutation = useMutation({
    mutationFn: async ({ report, tab }: { report: ReportView; tab: PendingTab }) => {
      try {
        tab.show(await getBatchReport(report._id), report.fileName);
      } catch (error) {
        tab.close();
        throw error;
      }
    },
    // Any failure, a 404 too, is the spec's one message (patients 8); a 401 still signs out.
    meta: { silent: true },
    onError: (error) => {
      if (!endsSession(error)) showToast(messages.monthlyReportFailed, 'error');
    },
  });
  return {
    /** Call in the click handler. */
    open: (report: ReportView) => mutation.mutate({ report, tab: openPendingTab(labels.loading) }),
    openingId: mutation.isPending ? mutation.variables.report._id : null,
  };
}
