import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectedDevice, PairDeviceForm } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { invalidateAfterDeviceChange } from '../../../lib/device-changes';
import { pairingPath, patientInBody } from './device-paths';

export interface PairDeviceVariables {
  patientId: string;
  /** The pairing form, as the core's PairDeviceForm parsed it. */
  form: PairDeviceForm;
}

/**
 * POST /api/{brand}/connect-device[/{patientId}] with the brand's body (spec patients 7): 201 with the new
 * pairing. A device that has a patient, is of another clinic or is deactivated is a 409 with its message.
 */
export async function pairDevice({ patientId, form }: PairDeviceVariables): Promise<ConnectedDevice> {
  const { brand, ...body } = form;
  const answer = await api.post<{ message: string; device: ConnectedDevice }>(
    pairingPath(brand, 'connect-device', patientId),
    patientInBody(brand) ? { patientId, ...body } : body,
  );
  return answer.device;
}

export function usePairDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pairDevice,
    // The patient's devices, and the free devices of the clinic, which lost this one.
    onSettled: () => invalidateAfterDeviceChange(queryClient),
  });
}
