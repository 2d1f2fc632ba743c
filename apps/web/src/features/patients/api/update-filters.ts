import { useMutation } from '@tanstack/react-query';
import { type PatientFilters, patientFilterKeys, type UpdateFiltersRequest } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-context';
import type { PatientListKind } from '../list-state';

export interface UpdateFiltersInput {
  userId: string;
  list: PatientListKind;
  filters: PatientFilters;
  /** The priority list's month, saved with its filters. */
  month?: number;
  year?: number;
}

export interface UpdateFiltersResult {
  patientFilter: Record<string, unknown> | null;
  clinicFilter: Record<string, unknown> | null;
}

/**
 * PUT /api/users/updateFilters/{userId}: the list's filters for the next visit. Every key is sent, empty ones
 * too, so a save with nothing selected still reads as saved at the next sign-in.
 */
export async function updateFilters(input: UpdateFiltersInput): Promise<UpdateFiltersResult> {
  const body: UpdateFiltersRequest = Object.fromEntries(
    patientFilterKeys.map((key) => [key, input.filters[key] ?? '']),
  );
  if (input.list === 'priority') {
    body.month = input.month;
    body.year = input.year;
  } else {
    body.isClinicList = true;
  }
  return api.put<UpdateFiltersResult>(`/users/updateFilters/${encodeURIComponent(input.userId)}`, body);
}

/** Saves, then keeps the answer in the session user, where the lists read it when a session starts. */
export function useUpdateFilters() {
  const { state, dispatch } = useSession();
  return useMutation({
    mutationFn: updateFilters,
    // A failed filter save is only logged (spec patients 7): the filters still apply for this visit.
    meta: { silent: true },
    onError: (error) => console.error('filter save failed', error),
    onSuccess: (saved) => {
      if (state.status !== 'signedIn') return;
      dispatch({
        type: 'userUpdated',
        user: { ...state.user, storedFilters: saved.patientFilter, clinicStoredFilters: saved.clinicFilter },
      });
    },
  });
}
