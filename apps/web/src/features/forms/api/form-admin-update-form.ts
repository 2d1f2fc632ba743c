import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormAdminView, FormInput } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { formsQueryKey } from './form-admin-folders';

export interface UpdateFormVariables {
  formId: string;
  body: FormInput;
}

/** PUT /api/form-admin/forms/{formId}: a hosted definition that changed becomes the next version. */
export async function updateForm({ formId, body }: UpdateFormVariables): Promise<FormAdminView> {
  const answer = await api.put<{ data: FormAdminView }>(
    `/form-admin/forms/${encodeURIComponent(formId)}`,
    body,
  );
  return answer.data;
}

export function useUpdateForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateForm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formsQueryKey }),
  });
}
