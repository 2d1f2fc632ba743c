import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InventoryDevice } from '@vigil/core';
import { api } from '../../../lib/api-client';

/** GET /api/devices/{id}: one device of the inventory, for the edit form. */
export async function getDevice(id: string, signal?: AbortSignal): Promise<InventoryDevice> {
  const answer = await api.get<{ data: { device: InventoryDevice } }>(`/devices/${encodeURIComponent(id)}`, {
    signal,
  });
  return answer.data.device;
}

export function deviceQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['devices', 'detail', id],
    queryFn: ({ signal }) => getDevice(id, signal),
    // The form starts from what the server holds now, not from a copy cached before someone else's edit.
    staleTime: 0,
  });
}

/** Nothing is fetched without an id (a clinic user is sent away before the form loads). */
export function useDevice(id: string | undefined) {
  return useQuery({ ...deviceQueryOptions(id ?? ''), enabled: Boolean(id) });
}
