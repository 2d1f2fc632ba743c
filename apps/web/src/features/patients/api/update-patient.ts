import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PatientFormInput, PatientView } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { patientKey } from './get-patient';

export interface UpdatePatientVariables {
  id: string;
  /** The raw form values, parsed and transformed by the server as on create. */
  body: PatientFormInput;
  /** The patient's version the form opened with. */
  updatedAt: string;
}

/** PUT /api/pacients/{id}: data is the saved patient; 409 when someone saved it since `updatedAt`. */
export async function updatePatient({ id, body, updatedAt }: UpdatePatientVariables): Promise<PatientView> {
  const answer = await api.put<{ data: PatientView }>(`/pacients/${encodeURIComponent(id)}`, {
    ...body,
    updatedAt,
  });
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
