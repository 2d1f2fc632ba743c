import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClinicianListRow, PatientListPage } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { clinicianListKey } from './get-clinician-list';

/** POST /api/pacients/{id}/mark-monthly-reviewed: records who reviewed the patient, and when. */
export async function markReviewed(patientId: string): Promise<{ lastReviewedAt: string }> {
  const answer = await api.post<{ data: { lastReviewedAt: string } }>(
    `/pacients/${encodeURIComponent(patientId)}/mark-monthly-reviewed`,
  );
  return answer.data;
}

/**
 * Marks the patient reviewed on the loaded pages instead of refetching them (spec patients 4: the patient
 * is marked reviewed locally), so an endless list keeps its scroll position and loaded pages.
 */
export function useMarkReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markReviewed,
    onSuccess: ({ lastReviewedAt }, patientId) =>
      queryClient.setQueriesData<InfiniteData<PatientListPage<ClinicianListRow>>>(
        { queryKey: clinicianListKey },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              patients: page.patients.map((row) =>
                row._id === patientId ? { ...row, lastReviewedAt } : row,
              ),
            })),
          },
      ),
  });
}
