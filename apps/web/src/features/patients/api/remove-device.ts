import { useMutation, useQueryClient } from '@tanstack/react-query';
import { devicePathSegments } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { invalidateAfterDeviceChange } from '../../../lib/device-changes';
import type { PairingVariables } from './device-paths';

/**
 * DELETE /api/{brand}/remove-device/{patientId}/{imei or id}: BodyTrace names its device by IMEI, eDevice,
 * Withings and Tenovi by the inventory id. The pairing is closed and the device is free again.
 */
export async function removeDevice({ patientId, device }: PairingVariables): Promise<void> {
  const key = device.brand === 'BODYTRACE' ? device.serialNumber : device.device._id;
  await api.delete<{ message: string }>(
    `/${devicePathSegments[device.brand]}/remove-device/${encodeURIComponent(patientId)}/${encodeURIComponent(key)}`,
  );
}

export function useRemoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDevice,
    onSettled: () => invalidateAfterDeviceChange(queryClient),
  });
}
