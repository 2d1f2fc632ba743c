import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { maxTrackedSeconds, type PatientDetailsView, type TrackedTime } from '@vigil/core';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client';
import { patientKey } from './get-patient';
import { patientDetailsKey } from './get-patient-details';

export interface TrackTimeVariables {
  patientId: string;
  seconds: number;
}

/**
 * POST /api/pacients/{id}/track {time}: the detail page's timer (spec patients 4, decision 0012). The server
 * keeps at most the wall-clock time since the user's previous timer entry and answers what it kept and the
 * month's total. With `keepalive` the request survives the page closing.
 */
export async function trackTime(
  { patientId, seconds }: TrackTimeVariables,
  options: { keepalive?: boolean } = {},
): Promise<TrackedTime> {
  const time = Math.min(Math.floor(seconds), maxTrackedSeconds);
  const answer = await api.post<{ data: TrackedTime }>(
    `/pacients/${encodeURIComponent(patientId)}/track`,
    { time },
    { keepalive: options.keepalive },
  );
  return answer.data;
}

/**
 * What a saved time entry moves, refreshed: the month's total in the detail page's header (set at once from
 * the server's answer, since refetching the details would log another view), the patient form's widget, the
 * lists' Tracked column and the audit trail.
 */
export function refreshTrackedTime(
  queryClient: QueryClient,
  patientId: string,
  { trackedTimeThisMonth }: Pick<TrackedTime, 'trackedTimeThisMonth'>,
) {
  queryClient.setQueryData<PatientDetailsView>(patientDetailsKey(patientId), (details) =>
    details ? { ...details, trackedTimeThisMonth } : details,
  );
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: patientKey(patientId) }),
    queryClient.invalidateQueries({
      queryKey: ['patients'],
      predicate: (query) => query.queryKey[1] !== 'details' && query.queryKey[1] !== 'detail',
    }),
    // features/audit's key; features share no code, only this shape.
    queryClient.invalidateQueries({ queryKey: ['audit-trail', patientId] }),
  ]);
}

interface FollowedSave extends TrackTimeVariables {
  /** The request, already sent. */
  sent: Promise<TrackedTime>;
}

/**
 * The timer's saves. A save on leaving must be on the wire before the page goes (unload) or the session
 * ends (sign-out follows at once), so `save` sends the request itself, synchronously, and the mutation only
 * follows it: 'Saving...' while pending, the app's error toast on failure, the caches on success.
 */
export function useTrackTime() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ sent }: FollowedSave) => sent,
    onSuccess: (tracked, { patientId }) => refreshTrackedTime(queryClient, patientId, tracked),
  });
  const { mutate } = mutation;
  const save = useCallback(
    (variables: TrackTimeVariables, options: { keepalive?: boolean } = {}): Promise<TrackedTime> => {
      const sent = trackTime(variables, options);
      // The mutation reports the failure; this branch only keeps the rejection from counting as unhandled.
      sent.catch(() => undefined);
      mutate({ ...variables, sent });
      return sent;
    },
    [mutate],
  );
  return { save, isPending: mutation.isPending };
}
