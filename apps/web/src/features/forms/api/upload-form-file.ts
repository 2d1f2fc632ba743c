import type { FormFileView } from '@vigil/core';
import { api } from '../../../lib/api-client';

/**
 * POST a file answer (multipart `file`) to `/api/forms/{patientId}/files` (staff, with the session's token)
 * or `/api/form-links/{token}/files` (a patient link): the server checks its content and keeps it with
 * patient data.
 */
export async function uploadFormFile(uploadPath: string, file: File): Promise<FormFileView> {
  const body = new FormData();
  body.append('file', file, file.name);
  const answer = await api.post<{ data: FormFileView }>(uploadPath, body);
  return answer.data;
}

export const staffUploadPath = (patientId: string) => `/forms/${encodeURIComponent(patientId)}/files`;
export const linkUploadPath = (token: string) => `/form-links/${encodeURIComponent(token)}/files`;
