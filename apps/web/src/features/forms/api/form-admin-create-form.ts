import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormAdminView, FormInput } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { formsQueryKey } from './form-admin-folders';

/** POST /api/form-admin/forms: a new form, version 1 (an external form gets its webhook secret here). */
export async function createForm(body: FormInput): Promise<FormAdminView> {
  const answer = await api.post<{ data: FormAdminView }>('/form-admin/forms', body);
  return answer.data;
}

export function useCreateForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createForm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formsQueryKey }),
  });
}
