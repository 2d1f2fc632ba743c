import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormAdminFolderView } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { formsQueryKey } from './form-admin-folders';

/** POST /api/form-admin/folders: a new folder, placed last. */
export async function createFormFolder(body: { name: string }): Promise<FormAdminFolderView> {
  const answer = await api.post<{ data: FormAdminFolderView }>('/form-admin/folders', body);
  return answer.data;
}

export function useCreateFormFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFormFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formsQueryKey }),
  });
}
