import twilio from 'twilio';
import { type SmsProvider, SmsSendError } from './sms-provider.js';

export function createTwilioSmsProvider(options: {
  accountSid: string;
  authToken: string;
  messagingServiceSid: string | undefined;
  /** Where Twilio forwards the texts patients send to a clinic's number. */
  inboundUrl: string;
}): SmsProvider {
  const client = twilio(options.accountSid, options.authToken);
  return {
    name: 'twilio',
    async send({ to, from, body, mediaUrls, statusCallback }) {
      try {
        const message = await client.messages.create({
          to,
          body,
          ...(from ? { from } : { messagingServiceSid: options.messagingServiceSid }),
          ...(mediaUrls?.length ? { mediaUrl: mediaUrls } : {}),
          ...(statusCallback ? { statusCallback } : {}),
        });
        return { providerId: message.sid };
      } catch (error) {
        throw twilioSendError(error);
      }
    },
    async provisionNumber(areaCode) {
      const [candidate] = await client
        .availablePhoneNumbers('US')
        .local.list({ areaCode: Number(areaCode), smsEnabled: true, limit: 1 });
      if (!candidate) throw new Error(`No texting number available in area code ${areaCode}`);
      const bought = await client.incomingPhoneNumbers.create({
        phoneNumber: candidate.phoneNumber,
        smsUrl: options.inboundUrl,
        smsMethod: 'POST',
      });
      return bought.phoneNumber;
    },
    async releaseNumber(phoneNumber) {
      const [owned] = await client.incomingPhoneNumbers.list({ phoneNumber, limit: 1 });
      if (owned) await client.incomingPhoneNumbers(owned.sid).remove();
    },
  };
}

/**
 * What a failed `messages.create` means. Twilio's answer (a RestException) carries its HTTP status and its
 * error code: a 4xx is a refusal (21610 opted out, 21211 invalid number, ...), except 429, too many requests
 * (20429). A 5xx (20500, 20503), or no answer at all (a network error, whose code is a text such as
 * 'ENOTFOUND'), is worth a retry.
 */
export function twilioSendError(error: unknown): SmsSendError {
  const { code, status } = (error ?? {}) as { code?: unknown; status?: unknown };
  const refused = typeof status === 'number' && status >= 400 && status < 500 && status !== 429;
  return new SmsSendError(
    error instanceof Error ? error.message : String(error),
    typeof code === 'number' || typeof code === 'string' ? String(code) : null,
    refused,
  );
}
