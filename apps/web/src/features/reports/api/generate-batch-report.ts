import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportVersion, ReportView } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { reportsQueryOptions } from './get-reports';

/** The body core's `GenerateReportRequest` reads (spec administration 3: Report). */
export interface GenerateBatchBody {
  month: number;
  year: number;
  physician: string;
  clinic: string;
  userId: string;
  version: ReportVersion;
}

/** POST /api/reports/generate-batch: a monitoring report, pending until the job has built it. */
export async function generateBatchReport(body: GenerateBatchBody): Promise<ReportView> {
  const answer = await api.post<{ data: ReportView }>('/reports/generate-batch', body);
  return answer.data;
}

export function useGenerateBatchReport(userId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = reportsQueryOptions(userId);
  return useMutation({
    mutationFn: generateBatchReport,
    // The new report shows at once as Pending; the next poll tells when it is done.
    onSuccess: (report) => {
      queryClient.setQueryData(queryKey, (reports) => [
        report,
        ...(reports ?? []).filter((r) => r._id !== report._id),
      ]);
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
