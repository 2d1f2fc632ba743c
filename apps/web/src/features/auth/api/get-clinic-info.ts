import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ClinicInfo {
  data: { clinic_name: string | null };
}

/** GET /api/auth/clinic-info/{id}: the clinic name of the set-password welcome text. */
export function getClinicInfo(id: string, signal?: AbortSignal): Promise<ClinicInfo> {
  return api.get<ClinicInfo>(`/auth/clinic-info/${encodeURIComponent(id)}`, { signal });
}

export function clinicInfoQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['auth', 'clinic-info', id],
    queryFn: ({ signal }) => getClinicInfo(id, signal),
    // The name is optional in the welcome text; without it the page reads just as well.
    meta: { silent: true },
    retry: false,
  });
}

export function useClinicInfo(id: string | null) {
  return useQuery({ ...clinicInfoQueryOptions(id ?? ''), enabled: Boolean(id) });
}
