import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomAlertsInput, UpdateClinicRequest } from '@vigil/core';
import { api } from '../../../lib/api-client';
import type { ClinicView } from '../clinic-view';

export interface UpdateClinicVariables {
  id: string;
  /** Any of name, address, customAlerts (the ten entries) or active. */
  body: Omit<UpdateClinicRequest, 'customAlerts'> & { customAlerts?: CustomAlertsInput };
}

/** PUT /api/clinics/{id} (admins): data is the updated clinic. */
export async function updateClinic({ id, body }: UpdateClinicVariables): Promise<ClinicView> {
  const answer = await api.put<{ data: ClinicView }>(`/clinics/${encodeURIComponent(id)}`, body);
  return answer.data;
}

export function useUpdateClinic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClinic,
    onSuccess: (clinic) => {
      queryClient.setQueryData(['clinics', 'detail', clinic.id], clinic);
      return queryClient.invalidateQueries({ queryKey: ['clinics', 'list'] });
    },
  });
}
