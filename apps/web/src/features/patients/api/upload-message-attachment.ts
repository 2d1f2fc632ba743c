import { useMutation } from '@tanstack/react-query';
import type { MessageAttachmentView } from '@vigil/core';
import { api } from '../../../lib/api-client';

export interface UploadMessageAttachmentVariables {
  patientId: string;
  file: File;
}

export interface UploadedMessageAttachment {
  uploadedAt: string;
  attachment: MessageAttachmentView;
}

/**
 * POST /api/sms/{patientId}/attachment, multipart with one file (spec patients 7): the answer's
 * `uploadedAt` is the reference the send call takes.
 */
export async function uploadMessageAttachment({
  patientId,
  file,
}: UploadMessageAttachmentVariables): Promise<UploadedMessageAttachment> {
  const body = new FormData();
  body.append('file', file, file.name);
  const answer = await api.post<{ data: UploadedMessageAttachment }>(
    `/sms/${encodeURIComponent(patientId)}/attachment`,
    body,
  );
  return answer.data;
}

/** The composer shows a refused upload on its chip, so no toast (a 401 still signs out). */
export function useUploadMessageAttachment() {
  return useMutation({ mutationFn: uploadMessageAttachment, meta: { silent: true } });
}
