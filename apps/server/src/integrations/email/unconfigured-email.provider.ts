import type { EmailProvider } from './email-provider.js';

/** In production without SMTP, sending fails loudly and the outbox keeps the email as failed. */
export function createUnconfiguredEmailProvider(): EmailProvider {
  return {
    name: 'unconfigured',
    send: async () => {
      throw new Error('Email is not configured: set SMTP_URL');
    },
  };
}
