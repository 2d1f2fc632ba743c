import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { formsQueryKey } from './form-admin-folders';

/** PUT /api/form-admin/folder-order: every folder's id, in the new order. */
export async function orderFormFolders(folderIds: string[]): Promise<void> {
  await api.put<unknown>('/form-admin/folder-order', { folderIds });
}

export function useOrderFormFolders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderFormFolders,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formsQueryKey }),
  });
}
