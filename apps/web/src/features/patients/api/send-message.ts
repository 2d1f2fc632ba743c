import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessagesView, MessageView } from '@vigil/core';
import { api } from '../../../lib/api-client';
import { messagesKey } from './get-messages';

export interface SendMessageVariables {
  patientId: string;
  text: string;
  /** The uploaded attachments' ids. */
  attachments: string[];
}

/** POST /api/sms/{patientId} with `{ text, attachments }`; the server appends the signature. */
export async function sendMessage({
  patientId,
  text,
  attachments,
}: SendMessageVariables): Promise<MessageView> {
  const answer = await api.post<{ data: { message: MessageView } }>(`/sms/${encodeURIComponent(patientId)}`, {
    text,
    attachments,
  });
  return answer.data.message;
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message, { patientId }) => {
      queryClient.setQueryData<MessagesView>(
        messagesKey(patientId),
        (view) => view && { ...view, sms: [...view.sms.filter((m) => m._id !== message._id), message] },
      );
      return queryClient.invalidateQueries({ queryKey: messagesKey(patientId) });
    },
  });
}
