import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiBase } from '../../../lib/api-client';
import { readToken } from '../../../lib/session/session-storage';

/**
 * An attachment's download path: the answer's `url` (decision 0011), read as an API path whether or not it
 * carries the `/api` prefix.
 */
export function attachmentPath(url: string): string {
  if (/^https?:\/\//.test(url) || url.startsWith(`${apiBase}/`)) return url;
  return `${apiBase}${url.startsWith('/') ? '' : '/'}${url}`;
}

/**
 * GET /api/sms/{patientId}/attachments/{id}: the file as a Blob. Attachments are patient data served only to
 * signed-in users (DESIGN 3), so the browser cannot load them by URL in an <img>; they are fetched with the
 * session's bearer token, as the api client sends it, and shown through blob URLs.
 */
export async function getMessageAttachment(url: string, signal?: AbortSignal): Promise<Blob> {
  const token = readToken();
  const response = await fetch(attachmentPath(url), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal,
  });
  if (!response.ok) throw new ApiError(response.status, {}, token !== null);
  return response.blob();
}

export function messageAttachmentQueryOptions(url: string) {
  return queryOptions({
    queryKey: ['message-attachments', url] as const,
    queryFn: ({ signal }) => getMessageAttachment(url, signal),
    // A stored attachment never changes.
    staleTime: Number.POSITIVE_INFINITY,
    // A thumbnail that does not load shows its file name instead; no toast.
    meta: { silent: true },
  });
}

/** The attachment's bytes, for a thumbnail. */
export function useMessageAttachment(url: string, enabled = true) {
  return useQuery({ ...messageAttachmentQueryOptions(url), enabled });
}
