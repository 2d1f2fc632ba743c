import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeviceRequest, InventoryDevice } from '@vigil/core';
import { api } from '../../../lib/api-client';

/** POST /api/devices: a device joins the inventory (409 when the brand already has the identifier). */
export async function createDevice(body: DeviceRequest): Promise<InventoryDevice> {
  const answer = await api.post<{ data: { device: InventoryDevice } }>('/devices', body);
  return answer.data.device;
}

export function useCreateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['devices'] }),
  });
}
