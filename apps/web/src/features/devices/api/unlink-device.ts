import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeviceBrand } from '@vigil/core';
import { api } from '../../../lib/api-client';

/** The path segment of each brand's unlink call (decision 0009; the spec leaves the paths unshown). */
const unlinkSegments: Record<DeviceBrand, string> = {
  Withings: 'withings',
  'Smart Meter': 'smart-meter',
  Pylo: 'pylo',
  BODYTRACE: 'bodytrace',
  EDEVICE: 'e-device',
  Tenovi: 'tenovi',
};

/** PUT /api/{brand}/unlink-device: closes the device's pairing, so the device is free again. */
export async function unlinkDevice({
  brand,
  deviceObjectId,
}: {
  brand: DeviceBrand;
  deviceObjectId: string;
}) {
  await api.put<{ message: string }>(`/${unlinkSegments[brand]}/unlink-device`, { deviceObjectId });
}

export function useUnlinkDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkDevice,
    // The patient's own device lists change with it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['devices'] }),
  });
}
