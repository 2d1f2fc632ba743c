import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConnectedDevice } from '@vigil/core';
import { api } from '../../../lib/api-client';

/** GET /api/devices?inputVal=&patientId=: the patient's pairings, current and past, newest first. */
export async function getPatientDevices(patientId: string, signal?: AbortSignal): Promise<ConnectedDevice[]> {
  const query = new URLSearchParams({ inputVal: '', patientId });
  const answer = await api.get<{ devices: ConnectedDevice[] }>(`/devices?${query.toString()}`, { signal });
  return answer.devices;
}

/** Under ['devices'], so that any change to the inventory refreshes the patient's devices too. */
export const patientDevicesKey = (patientId: string) => ['devices', 'patient', patientId] as const;

export function patientDevicesQueryOptions(patientId: string) {
  return queryOptions({
    queryKey: patientDevicesKey(patientId),
    queryFn: ({ signal }) => getPatientDevices(patientId, signal),
  });
}

export function usePatientDevices(patientId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...patientDevicesQueryOptions(patientId), enabled: options.enabled ?? true });
}

/** The pairings in use: not deleted (the Connected Devices table). */
export const currentPairings = (devices: readonly ConnectedDevice[]) => devices.filter((d) => !d.deletedAt);

/** The pairings that take readings now (the Active Devices dialog and its count). */
export const activePairings = (devices: readonly ConnectedDevice[]) =>
  devices.filter((d) => !d.deletedAt && d.status === 'active');
