import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type PatientFilters,
  type PatientListPage,
  type PriorityListRow,
  type PriorityListSortField,
  patientListPageSize,
} from '@vigil/core';
import { api } from '../../../lib/api-client';
import { filterParams, type ListSort } from '../list-state';

export interface PriorityListParams {
  page: number;
  search: string;
  sort: ListSort<PriorityListSortField> | null;
  filters: PatientFilters;
  month: number;
  year: number;
}

/** GET /api/pacients/patient-priority-list: one page of the filtered list, by priority unless sorted. */
export async function getPriorityList(
  params: PriorityListParams,
  signal?: AbortSignal,
): Promise<PatientListPage<PriorityListRow>> {
  const query = filterParams(params.filters, params.search);
  query.set('page', String(params.page));
  query.set('pageSize', String(patientListPageSize));
  query.set('month', String(params.month));
  query.set('year', String(params.year));
  if (params.sort) {
    query.set('sort', params.sort.field);
    query.set('sortDir', params.sort.direction);
  }
  return api.get<PatientListPage<PriorityListRow>>(`/pacients/patient-priority-list?${query.toString()}`, {
    signal,
  });
}

export const priorityListKey = ['patients', 'priority-list'] as const;

/**
 * How a list left open keeps up with readings and texts that arrive: asked again every minute while the
 * tab is shown, when the tab comes back into focus, and when the list is opened again (a patient moved
 * up by a webhook is not missing from a stale page 1).
 */
export const listFreshness = {
  staleTime: 0,
  refetchOnWindowFocus: true,
  refetchInterval: 60_000,
} as const;

export function priorityListQueryOptions(params: PriorityListParams) {
  return queryOptions({
    queryKey: [...priorityListKey, params],
    queryFn: ({ signal }) => getPriorityList(params, signal),
    // The previous page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    ...listFreshness,
  });
}

export function usePriorityList(params: PriorityListParams) {
  return useQuery(priorityListQueryOptions(params));
}
