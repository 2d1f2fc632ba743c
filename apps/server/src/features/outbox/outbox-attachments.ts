import { randomUUID } from 'node:crypto';
import type { OutboxAttachment } from '../../db/schema/index.js';
import type { EmailAttachment } from '../../integrations/email/email-provider.js';
import type { FileStorage } from '../../integrations/storage/storage.js';

/**
 * Stores an email's file before its outbox row is written; the row keeps the reference, so every delivery
 * attempt (and a retry after a restart) sends the same bytes. Files with patient data live in the data
 * directory's storage, never at a public URL (DESIGN 3).
 */
export async function storeOutboxAttachment(
  storage: FileStorage,
  file: { fileName: string; contentType: string; bytes: Buffer },
): Promise<OutboxAttachment> {
  const storageKey = `outbox/${randomUUID()}`;
  await storage.put(storageKey, file.bytes);
  return { fileName: file.fileName, contentType: file.contentType, size: file.bytes.length, storageKey };
}

/** The files of a queued email, read back from storage; a missing one fails the attempt (it is retried). */
export async function loadOutboxAttachments(
  storage: FileStorage | undefined,
  attachments: readonly OutboxAttachment[],
): Promise<EmailAttachment[]> {
  if (!attachments.length) return [];
  if (!storage) throw new Error('No file storage to read the attachments from');
  return Promise.all(
    attachments.map(async (a) => {
      const content = await storage.get(a.storageKey);
      if (!content) throw new Error(`Attachment ${a.fileName} is missing from storage`);
      return { fileName: a.fileName, contentType: a.contentType, content };
    }),
  );
}
