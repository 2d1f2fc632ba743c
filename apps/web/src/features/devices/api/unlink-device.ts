import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DeviceBrand, devicePathSegments } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { invalidateAfterDeviceChange } from '../../../lib/device-changes';

/** PUT /api/{brand}/unlink-device: closes the device's pairing, so the device is free again. */
export async function unlinkDevice({
  brand,
  deviceObjectId,
}: {
  brand: DeviceBrand;
  deviceObjectId: string;
}) {
  await api.put<{ message: string }>(`/${devicePathSegments[brand]}/unlink-device`, { deviceObjectId });
}

export function useUnlinkDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkDevice,
    onSettled: () => invalidateAfterDeviceChange(queryClient),
  });
}
