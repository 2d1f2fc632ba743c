import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { devicePageSize, type UnrecognisedDevice } from '@vigil/core';
import { api } from '../../../lib/api-client';

export interface UnrecognisedDevices {
  devices: UnrecognisedDevice[];
  count: number;
}

/** GET /api/devices/unrecognised (CIRCLE only): deliveries no patient received, newest first. */
export async function getUnrecognisedDevices(
  page: number,
  signal?: AbortSignal,
): Promise<UnrecognisedDevices> {
  const query = new URLSearchParams({ page: String(page), limit: String(devicePageSize) });
  const answer = await api.get<{ data: UnrecognisedDevices }>(`/devices/unrecognised?${query.toString()}`, {
    signal,
  });
  return answer.data;
}

export function unrecognisedDevicesQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['devices', 'unrecognised', page],
    queryFn: ({ signal }) => getUnrecognisedDevices(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUnrecognisedDevices(page: number, enabled: boolean) {
  return useQuery({ ...unrecognisedDevicesQueryOptions(page), enabled });
}
