import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/users/account/avatar (multipart, field 'file'): data.uploadedAt is the new avatar's URL. */
export async function uploadAvatar(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const answer = await api.post<{ data: { uploadedAt: string } }>('/users/account/avatar', body);
  return answer.data.uploadedAt;
}

export function useUploadAvatar() {
  return useMutation({ mutationFn: uploadAvatar });
}
