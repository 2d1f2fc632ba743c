import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateAfterDeviceChange } from '../../../lib/device-changes';

export interface DeactivateDevice {
  deviceObjectId: string;
  patientId?: string;
}

/**
 * POST /api/withings/Updatesimstatus (spec administration 7, at its path, for a device of any brand): the
 * device is deactivated and its readings are no longer stored.
 */
export async function deactivateDevice(body: DeactivateDevice): Promise<void> {
  await api.post<{ message: string }>('/withings/Updatesimstatus', body);
}

export function useDeactivateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateDevice,
    onSettled: () => invalidateAfterDeviceChange(queryClient),
  });
}
