import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PatientFormInput, PatientView } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { patientKey } from './get-patient';

export interface UpdatePatientVariables {
  id: string;
  /** The raw form values, parsed and transformed by the server as on create. */
  body: PatientFormInput;
}

/** PUT /api/pacients/{id}: data is the saved patient. */
export async function updatePatient({ id, body }: UpdatePatientVariables): Promise<PatientView> {
  const answer = await api.put<{ data: PatientView }>(`/pacients/${encodeURIComponent(id)}`, body);
  return answer.data;
}

export function useUpdatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePatient,
    onSuccess: async (patient) => {
      queryClient.setQueryData(patientKey(patient._id), patient);
      // The lists show the name, badges and priority, which the save may have changed.
      await queryClient.invalidateQueries({
        queryKey: ['patients'],
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
    },
  });
}
