import { randomUUID } from 'node:crypto';
import type { EmailProvider } from './email-provider.js';

/** Outside production the outbox row is the delivered email, readable at /api/dev/outbox. */
export function createLocalEmailProvider(): EmailProvider {
  return { name: 'local', send: async () => ({ providerId: `local-${randomUUID()}` }) };
}
