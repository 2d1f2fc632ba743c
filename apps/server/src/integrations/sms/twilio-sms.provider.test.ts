import RestException from 'twilio/lib/base/RestException.js';
import { describe, expect, it } from 'vitest';
import { twilioSendError } from './twilio-sms.provider.js';

/** Twilio's own exception, as its client throws it for an answer with an error. */
const answered = (statusCode: number, code: number, message: string) =>
  new RestException({ statusCode, body: { code, message, more_info: '' }, headers: {} });

describe("a failed send through Twilio's client", () => {
  it.each([
    [400, 21211, "The 'To' number is not a valid phone number."],
    [400, 21610, 'Attempt to send to unsubscribed recipient'],
    [400, 21617, 'The concatenated message body exceeds the 1600 character limit.'],
  ])('answered %i with code %i is a refusal, not retried', (status, code, message) =>
    expect(twilioSendError(answered(status, code, message))).toMatchObject({
      code: String(code),
      refused: true,
      message,
    }),
  );

  it.each([
    [429, 20429, 'Too Many Requests'],
    [500, 20500, 'Internal Server Error'],
    [503, 20503, 'Service Unavailable'],
  ])('answered %i with code %i may pass on a retry', (status, code, message) =>
    expect(twilioSendError(answered(status, code, message))).toMatchObject({
      code: String(code),
      refused: false,
    }),
  );

  it('not answered at all (the network unreachable) may pass on a retry', () => {
    const unreachable = Object.assign(new Error('getaddrinfo ENOTFOUND api.twilio.com'), {
      code: 'ENOTFOUND',
    });
    expect(twilioSendError(unreachable)).toMatchObject({ code: 'ENOTFOUND', refused: false });
  });
});
