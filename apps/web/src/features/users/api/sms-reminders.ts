import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ManualRemindersBody, ManualRemindersResult } from '@vigil/core';
import { api } from '../../../lib/api-client';

/** The reminder test tools' choices; the call exists only outside production (404 there). */
export interface ReminderToolsInfo {
  times: string[];
  timeZone: string;
}

/** GET /api/manualCronJobs/smsReminders: whether this host has the reminder test tools, and their times. */
export async function getReminderTools(signal?: AbortSignal): Promise<ReminderToolsInfo> {
  const answer = await api.get<{ data: ReminderToolsInfo }>('/manualCronJobs/smsReminders', { signal });
  return answer.data;
}

export function reminderToolsQueryOptions() {
  return queryOptions({
    queryKey: ['manualCronJobs', 'smsReminders'],
    queryFn: ({ signal }) => getReminderTools(signal),
    staleTime: Number.POSITIVE_INFINITY,
    // A production host answers 404: the tools are simply not shown, with no toast.
    meta: { silent: true },
  });
}

export const useReminderTools = () => useQuery(reminderToolsQueryOptions());

/** POST /api/manualCronJobs/smsReminders: runs the reminder round of a Pacific time now (spec administration 7). */
export async function sendReminders(body: ManualRemindersBody): Promise<ManualRemindersResult> {
  const answer = await api.post<{ data: ManualRemindersResult }>('/manualCronJobs/smsReminders', body);
  return answer.data;
}

export const useSendReminders = () => useMutation({ mutationFn: sendReminders });
