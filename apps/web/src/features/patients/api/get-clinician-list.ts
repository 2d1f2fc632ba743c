import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  type ClinicianListRow,
  type ClinicianListSortField,
  type PatientFilters,
  type PatientListPage,
  patientListPageSize,
} from '@vigil/core';
import { api } from '../../../lib/api-client';
import { filterParams, type ListSort } from '../list-state';
import { listFreshness } from './get-priority-list';

export interface ClinicianListParams {
  search: string;
  sort: ListSort<ClinicianListSortField> | null;
  filters: PatientFilters;
}

/** GET /api/pacients/clinician-patient-list: page `page` (from 0) of the filtered list. */
export async function getClinicianList(
  params: ClinicianListParams,
  page: number,
  signal?: AbortSignal,
): Promise<PatientListPage<ClinicianListRow>> {
  const query = filterParams(params.filters, params.search);
  query.set('page', String(page));
  query.set('pageSize', String(patientListPageSize));
  if (params.sort) {
    query.set('sort', params.sort.field);
    query.set('sortDir', params.sort.direction);
  }
  return api.get<PatientListPage<ClinicianListRow>>(`/pacients/clinician-patient-list?${query.toString()}`, {
    signal,
  });
}

export const clinicianListKey = ['patients', 'clinician-list'] as const;

/** The endless list: each page loads when the bottom of the previous one comes into view. */
export function clinicianListQueryOptions(params: ClinicianListParams) {
  return infiniteQueryOptions({
    queryKey: [...clinicianListKey, params],
    queryFn: ({ pageParam, signal }) => getClinicianList(params, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (pages.length < last.totalPages ? pages.length : undefined),
    ...listFreshness,
  });
}

export function useClinicianList(params: ClinicianListParams) {
  return useInfiniteQuery(clinicianListQueryOptions(params));
}
