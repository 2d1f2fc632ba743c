import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormFolderView } from '@vigil/core';
import { api } from '../../../lib/api-client';

/** GET /api/forms: the active forms in their folders, folders in their order (spec patients 7). */
export async function getFormFolders(signal?: AbortSignal): Promise<FormFolderView[]> {
  const answer = await api.get<{ data: FormFolderView[] }>('/forms', { signal });
  return answer.data;
}

export const formFoldersKey = ['forms', 'folders'] as const;

export function formFoldersQueryOptions() {
  return queryOptions({ queryKey: formFoldersKey, queryFn: ({ signal }) => getFormFolders(signal) });
}

export function useFormFolders() {
  return useQuery(formFoldersQueryOptions());
}
