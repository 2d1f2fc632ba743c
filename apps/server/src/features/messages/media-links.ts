import { createHmac } from 'node:crypto';
import { secretMatches } from '../ingestion/webhook-auth.js';

/** How long a media link handed to Twilio stays valid; every delivery attempt makes a fresh one. */
export const mediaLinkTtlMs = 60 * 60 * 1000;

/**
 * Twilio fetches an MMS's media from a URL without our session, so each attachment of an outbound text is
 * served from a link signed with HMAC-SHA256 and expiring (decision 0011): the path names the message and the
 * attachment, the query carries the expiry and the signature. Nothing else is public.
 */
export function createMediaLinks(options: { publicUrl: string; key: string }) {
  const sign = (messageId: string, attachmentId: string, expires: number) =>
    createHmac('sha256', `vigil-mms-media:${options.key}`)
      .update(`${messageId}/${attachmentId}/${expires}`)
      .digest('base64url');
  return {
    url(messageId: string, attachmentId: string, now: Date): string {
      const expires = now.getTime() + mediaLinkTtlMs;
      const signature = sign(messageId, attachmentId, expires);
      return `${options.publicUrl}/api/webhooks/twilio/media/${messageId}/${attachmentId}?expires=${expires}&signature=${signature}`;
    },
    verify(messageId: string, attachmentId: string, expires: number, signature: string, now: Date): boolean {
      if (!Number.isSafeInteger(expires) || expires < now.getTime()) return false;
      return secretMatches(signature, sign(messageId, attachmentId, expires));
    },
  };
}

export type MediaLinks = ReturnType<typeof createMediaLinks>;
