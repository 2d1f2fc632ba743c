import { randomUUID } from 'node:crypto';
import type { SmsProvider } from './sms-provider.js';

/**
 * Outside production, nothing leaves the machine: the outbox row itself is the delivered message,
 * readable at /api/dev/outbox.
 */
export function createLocalSmsProvider(): SmsProvider {
  let sequence = 0;
  return {
    name: 'local',
    send: async () => ({ providerId: `local-${randomUUID()}` }),
    provisionNumber: async (areaCode) => {
      sequence += 1;
      // 555-01xx numbers are reserved for fiction, so a local number can never reach a real phone.
      const line = String((Date.now() + sequence) % 100).padStart(2, '0');
      return `+1${areaCode}55501${line}`;
    },
    // An invented number costs nothing to keep.
    releaseNumber: async () => undefined,
  };
}
