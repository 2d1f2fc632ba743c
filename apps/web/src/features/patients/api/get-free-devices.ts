import { queryOptions, useQuery } from '@tanstack/react-query';
import { devicePathSegments, type FreeDevice } from '@vigil/core';
import { api } from '../../../lib/api-client';

/** The brands paired by picking one of the clinic's free devices (spec patients 5). */
export type PickedBrand = 'Smart Meter' | 'Pylo';

/** GET /api/smart-meter?patientId= or /api/pylo?patientId=: the brand's free devices of the patient's clinic. */
export async function getFreeDevices(
  brand: PickedBrand,
  patientId: string,
  signal?: AbortSignal,
): Promise<FreeDevice[]> {
  const query = new URLSearchParams({ patientId });
  const answer = await api.get<{ devices: FreeDevice[] }>(
    `/${devicePathSegments[brand]}?${query.toString()}`,
    {
      signal,
    },
  );
  return answer.devices;
}

export function freeDevicesQueryOptions(brand: PickedBrand, patientId: string) {
  return queryOptions({
    queryKey: ['devices', 'free', brand, patientId] as const,
    queryFn: ({ signal }) => getFreeDevices(brand, patientId, signal),
    // Another user may pair one of them at any time: ask again each time the picker appears.
    staleTime: 0,
  });
}

export function useFreeDevices(brand: PickedBrand | null, patientId: string) {
  return useQuery({
    ...freeDevicesQueryOptions(brand ?? 'Smart Meter', patientId),
    enabled: brand !== null,
  });
}
