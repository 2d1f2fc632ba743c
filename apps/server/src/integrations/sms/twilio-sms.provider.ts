import twilio from 'twilio';
import type { SmsProvider } from './sms-provider.js';

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
    async send({ to, from, body }) {
      const message = await client.messages.create({
        to,
        body,
        ...(from ? { from } : { messagingServiceSid: options.messagingServiceSid }),
      });
      return { providerId: message.sid };
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
  };
}
