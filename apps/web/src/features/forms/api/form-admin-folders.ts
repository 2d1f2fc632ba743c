import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormAdminFolderView } from '@vigil/core';
import { api } from '../../../lib/api-client';

/** Every admin call invalidates this key: the forms staff see (`GET /forms`) change with them. */
export const formsQueryKey = ['forms'] as const;

/** GET /api/form-admin (operator admins): every folder in its order, with all its forms, retired ones too. */
export async function getFormAdminFolders(signal?: AbortSignal): Promise<FormAdminFolderView[]> {
  const answer = await api.get<{ data: FormAdminFolderView[] }>('/form-admin', { signal });
  return answer.data;
}

export function formAdminFoldersQueryOptions() {
  return queryOptions({
    queryKey: [...formsQueryKey, 'admin'],
    queryFn: ({ signal }) => getFormAdminFolders(signal),
  });
}

export function useFormAdminFolders() {
  return useQuery(formAdminFoldersQueryOptions());
}
