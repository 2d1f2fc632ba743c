import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { devicePageSize, type UnrecognisedDevice } from '@vigil/core';
import { api } from '../../../lib/api-client';

export interface UnrecognisedDevices {
  devices: UnrecognisedDevice[];
  count: number;
}

/** What the list asks for: the identifiers (or hubs) containing a text, and a page. */
export interface UnrecognisedListQuery {
  inputValue: string;
  page: number;
}

/** GET /api/devices/unrecognised (CIRCLE only): deliveries no patient received, newest first. */
export async function getUnrecognisedDevices(
  { inputValue, page }: UnrecognisedListQuery,
  signal?: AbortSignal,
): Promise<UnrecognisedDevices> {
  const query = new URLSearchParams({ inputValue, page: String(page), limit: String(devicePageSize) });
  const answer = await api.get<{ data: UnrecognisedDevices }>(`/devices/unrecognised?${query.toString()}`, {
    signal,
  });
  return answer.data;
}

export function unrecognisedDevicesQueryOptions(query: UnrecognisedListQuery) {
  return queryOptions({
    queryKey: ['devices', 'unrecognised', query.inputValue, query.page],
    queryFn: ({ signal }) => getUnrecognisedDevices(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUnrecognisedDevices(query: UnrecognisedListQuery, enabled: boolean) {
  return useQuery({ ...unrecognisedDevicesQueryOptions(query), enabled });
}
