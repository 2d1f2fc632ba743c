import type { QueryClient } from '@tanstack/react-query';

/**
 * What a change to a device or its pairing makes stale, from either side (the inventory, the patient form):
 * every device list (the inventory, a patient's devices, the free ones) and every patient's details, whose
 * device count (spec patients 2.6) had kept its old figure until a reload while the Active Devices dialog
 * beside it showed the new ones. Features do not import each other, so their keys meet here: `['devices']`
 * begins every device list's key, `['patients', 'details']` every patient's details'.
 */
export function invalidateAfterDeviceChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['devices'] }),
    queryClient.invalidateQueries({ queryKey: ['patients', 'details'] }),
  ]);
}
