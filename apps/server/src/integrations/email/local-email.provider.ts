import { randomUUID } from 'node:crypto';
import type { EmailProvider } from './email-provider.js';

/**
 * Outside production the outbox row is the delivered email, readable at /api/dev/outbox (with its
 * attachments' names and sizes). An attachment that arrives empty is refused, as a mail server would not
 * deliver it either, so a lost file shows as a failed delivery rather than a silent success.
 */
export function createLocalEmailProvider(): EmailProvider {
  return {
    name: 'local',
    send: async (message) => {
      const empty = message.attachments?.find((a) => a.content.length === 0);
      if (empty) throw new Error(`Attachment ${empty.fileName} is empty`);
      return { providerId: `local-${randomUUID()}` };
    },
  };
}
