import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectedDevice } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { invalidateAfterDeviceChange } from '../../../lib/device-changes';
import { type PairingVariables, pairedDeviceBody, pairingPath } from './device-paths';

/** PUT /api/{brand}/disconnect-device[/{patientId}]: the pairing becomes disabled, still the patient's. */
export async function disconnectDevice(variables: PairingVariables): Promise<ConnectedDevice> {
  const answer = await api.put<{ message: string; device: ConnectedDevice }>(
    pairingPath(variables.device.brand, 'disconnect-device', variables.patientId),
    pairedDeviceBody(variables, false),
  );
  return answer.device;
}

export function useDisconnectDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectDevice,
    onSettled: () => invalidateAfterDeviceChange(queryClient),
  });
}
