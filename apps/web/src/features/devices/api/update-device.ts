import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeviceRequest, InventoryDevice } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { invalidateAfterDeviceChange } from '../../../lib/device-changes';

/** PUT /api/devices/{id}: brand, type, identifier and clinic of a device. */
export async function updateDevice({
  id,
  body,
}: {
  id: string;
  body: DeviceRequest;
}): Promise<InventoryDevice> {
  const answer = await api.put<{ data: { device: InventoryDevice } }>(
    `/devices/${encodeURIComponent(id)}`,
    body,
  );
  return answer.data.device;
}

export function useUpdateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDevice,
    onSuccess: () => invalidateAfterDeviceChange(queryClient),
  });
}
