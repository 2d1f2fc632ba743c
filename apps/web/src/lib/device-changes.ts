import type { QueryClient } from '@tanstack/react-query';

/**
 * What a change to a device or its pairing makes stale, from either side (the inventory, the patient form):
 * every device list (the inventory, a patient's devices, the free ones) and every patient's details, whose
 * device count (spec patients 2.6) had kept its old figure until a reload while the Active Devices dialog
 * beside it showed the new ones. Features do not import each other, so their keys meet here: `['devices']`
 * begins every device list's key, `['patients', 'details']` every patient's details'. The pairing and row
 * actions call it when they settle, failed or not: their 404 or 409 mostly means that another user changed
 * the device meanwhile, and the screen must show what is there now (a 404 shows no toast, spec
 * administration 8, so a stale row's button had seemed to do nothing).
 */
export function invalidateAfterDeviceChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['devices'] }),
    queryClient.invalidateQueries({ queryKey: ['patients', 'details'] }),
  ]);
}
