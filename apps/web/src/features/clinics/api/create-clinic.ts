import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewClinicForm } from '@vigil/core';
import { api } from '../../../lib/api-client';
import type { ClinicView } from '../clinic-view';

/**
 * POST /api/clinics (operator admins): the server provisions the texting number in the area code and emails
 * the clinic's admin a link to set their password.
 */
export async function createClinic(body: NewClinicForm): Promise<ClinicView> {
  const answer = await api.post<{ data: ClinicView }>('/clinics', body);
  return answer.data;
}

export function useCreateClinic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClinic,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clinics', 'list'] }),
  });
}
