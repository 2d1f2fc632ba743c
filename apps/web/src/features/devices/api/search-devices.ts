import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type DeviceSearchResult, type DeviceSortField, devicePageSize } from '@vigil/core';
import { api } from '../../../lib/api-client';

export interface DeviceSearch {
  inputValue: string;
  /** From 1. */
  page: number;
  sort: DeviceSortField;
  order: 'asc' | 'desc';
}

/**
 * GET /api/devices/search (decision 0009): a page of the inventory. A CIRCLE user gets every device, a
 * CLINIC user their clinic's.
 */
export async function searchDevices(search: DeviceSearch, signal?: AbortSignal): Promise<DeviceSearchResult> {
  const query = new URLSearchParams({
    inputValue: search.inputValue,
    limit: String(devicePageSize),
    page: String(search.page),
    sort: search.sort,
    order: search.order,
  });
  const answer = await api.get<{ data: DeviceSearchResult }>(`/devices/search?${query.toString()}`, {
    signal,
  });
  return answer.data;
}

export function deviceSearchQueryOptions(search: DeviceSearch) {
  return queryOptions({
    queryKey: ['devices', 'search', search],
    queryFn: ({ signal }) => searchDevices(search, signal),
    // The table keeps the last page on screen while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function useDeviceSearch(search: DeviceSearch) {
  return useQuery(deviceSearchQueryOptions(search));
}
