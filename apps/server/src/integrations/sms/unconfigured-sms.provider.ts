import type { SmsProvider } from './sms-provider.js';

/** What every call of the unconfigured provider throws, so that a caller can tell it from a refusal. */
export class SmsNotConfiguredError extends Error {
  constructor() {
    super('SMS is not configured: set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN');
  }
}

/**
 * In production without Twilio, sending fails loudly: the outbox keeps the message as failed, instead of
 * the local provider's pretend delivery losing a sign-in code or a patient's text.
 */
export function createUnconfiguredSmsProvider(): SmsProvider {
  const fail = async (): Promise<never> => {
    throw new SmsNotConfiguredError();
  };
  return { name: 'unconfigured', send: fail, provisionNumber: fail, releaseNumber: fail };
}
