import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ReportClinic {
  id: string;
  name: string;
}

/**
 * GET /api/clinics: the clinics a report can be asked for, inactive ones too (a clinic's last months still
 * get billed), sorted by name. A clinic user's answer is their own clinic only.
 */
export async function getReportClinics(signal?: AbortSignal): Promise<ReportClinic[]> {
  const answer = await api.get<{ data: ReportClinic[] }>('/clinics', { signal });
  return answer.data.map(({ id, name }) => ({ id, name }));
}

export function reportClinicsQueryOptions() {
  return queryOptions({
    queryKey: ['clinics', 'report-choices'],
    queryFn: ({ signal }) => getReportClinics(signal),
    staleTime: 60_000,
  });
}

export function useReportClinics(enabled: boolean) {
  return useQuery({ ...reportClinicsQueryOptions(), enabled });
}
