import { useMutation } from '@tanstack/react-query';
import { defaultGraphFilterData, GraphFilterData } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-context';

export interface UpdateGraphFilterDataInput {
  userId: string;
  graphFilterData: GraphFilterData;
}

/** PUT /api/users/updateGraphFilterData/{userId}: the readings panel's choices for the next visit. */
export async function updateGraphFilterData({
  userId,
  graphFilterData,
}: UpdateGraphFilterDataInput): Promise<GraphFilterData> {
  const answer = await api.put<{ data: { graphFilterData: unknown } }>(
    `/users/updateGraphFilterData/${encodeURIComponent(userId)}`,
    graphFilterData,
  );
  return readGraphFilterData(answer.data.graphFilterData);
}

/** The stored choices, or the defaults when there are none or they no longer parse. */
export function readGraphFilterData(stored: unknown): GraphFilterData {
  const parsed = GraphFilterData.safeParse(stored);
  return parsed.success ? parsed.data : defaultGraphFilterData;
}

/**
 * The signed-in user's readings panel choices and their setter. A choice applies at once and is kept in the
 * session user (session storage), so a reload keeps it; the server save that follows is only logged when it
 * fails (spec patients 7).
 */
export function useGraphFilterData(): [GraphFilterData, (next: GraphFilterData) => void] {
  const { state, dispatch } = useSession();
  const save = useMutation({
    mutationFn: updateGraphFilterData,
    meta: { silent: true },
    onError: (error) => console.error('graph filter save failed', error),
  });
  const current = readGraphFilterData(state.user?.graphFilterData);
  const update = (next: GraphFilterData) => {
    if (state.status !== 'signedIn') return;
    dispatch({ type: 'userUpdated', user: { ...state.user, graphFilterData: next } });
    save.mutate({ userId: state.user._id, graphFilterData: next });
  };
  return [current, update];
}
