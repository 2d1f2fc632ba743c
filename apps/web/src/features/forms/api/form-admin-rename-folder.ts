import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormAdminFolderView } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { formsQueryKey } from './form-admin-folders';

export interface RenameFormFolderVariables {
  folderId: string;
  name: string;
}

/** PUT /api/form-admin/folders/{folderId}: the folder's new name. */
export async function renameFormFolder({ folderId, name }: RenameFormFolderVariables) {
  const answer = await api.put<{ data: FormAdminFolderView }>(
    `/form-admin/folders/${encodeURIComponent(folderId)}`,
    { name },
  );
  return answer.data;
}

export function useRenameFormFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameFormFolder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formsQueryKey }),
  });
}
