import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterDeviceChange } from '../../../lib/device-changes';

/**
 * DELETE /api/devices/{id}: the device leaves the inventory (a soft delete; its readings keep naming it).
 * Only a device without a patient, or with a disabled pairing, may go (409 otherwise).
 */
export async function deleteDevice(id: string): Promise<void> {
  await api.delete<{ message: string }>(`/devices/${encodeURIComponent(id)}`);
}

export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDevice,
    onSettled: () => invalidateAfterDeviceChange(queryClient),
  });
}
