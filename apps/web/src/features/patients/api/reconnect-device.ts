import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectedDevice } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { invalidateAfterDeviceChange } from '../../../lib/device-changes';
import { type PairingVariables, pairedDeviceBody, pairingPath } from './device-paths';

/** PUT /api/{brand}/reconnect-device[/{patientId}]: a disabled pairing becomes active again. */
export async function reconnectDevice(variables: PairingVariables): Promise<ConnectedDevice> {
  const answer = await api.put<{ message: string; device: ConnectedDevice }>(
    pairingPath(variables.device.brand, 'reconnect-device', variables.patientId),
    pairedDeviceBody(variables, true),
  );
  return answer.device;
}

export function useReconnectDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reconnectDevice,
    onSettled: () => invalidateAfterDeviceChange(queryClient),
  });
}
