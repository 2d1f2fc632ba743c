import twilio from 'twilio';
import { demoVendorSecrets } from '../config.js';

/**
 * Twilio's wire format for the texting webhooks (vendors.md), signed with the Twilio SDK itself, never a
 * copy of its algorithm: the API tests and the Playwright specs post inbound texts and status callbacks
 * with these. Outside production without TWILIO_AUTH_TOKEN the server checks the demo token.
 */
export const twilioWebhookPaths = {
  sms: '/api/webhooks/twilio/sms',
  status: '/api/webhooks/twilio/status',
} as const;

export interface InboundSms {
  /** Twilio's MessageSid; a fresh one when omitted. */
  sid?: string;
  /** The patient's number, any spelling (E.164 is what Twilio sends). */
  from: string;
  /** The clinic's number. */
  to: string;
  body?: string;
  /** Media URLs (with their content types) of an MMS. */
  media?: { url: string; contentType: string }[];
  optOutType?: 'STOP' | 'START' | 'HELP';
}

const newSid = (prefix: string) => `${prefix}${crypto.randomUUID().replace(/-/g, '')}`;

/** The form parameters Twilio posts for an inbound text. */
export function inboundSmsParams(sms: InboundSms): Record<string, string> {
  const media = sms.media ?? [];
  const params: Record<string, string> = {
    MessageSid: sms.sid ?? newSid('SM'),
    AccountSid: 'ACdemo00000000000000000000000000',
    From: sms.from,
    To: sms.to,
    Body: sms.body ?? '',
    NumMedia: String(media.length),
    NumSegments: '1',
    SmsStatus: 'received',
    ApiVersion: '2010-04-01',
  };
  media.forEach((m, i) => {
    params[`MediaUrl${i}`] = m.url;
    params[`MediaContentType${i}`] = m.contentType;
  });
  if (sms.optOutType) params.OptOutType = sms.optOutType;
  return params;
}

/** The form parameters of a delivery status callback. */
export function statusCallbackParams(status: {
  sid: string;
  status: string;
  errorCode?: string | number;
}): Record<string, string> {
  return {
    MessageSid: status.sid,
    SmsSid: status.sid,
    MessageStatus: status.status,
    SmsStatus: status.status,
    AccountSid: 'ACdemo00000000000000000000000000',
    ApiVersion: '2010-04-01',
    ...(status.errorCode === undefined ? {} : { ErrorCode: String(status.errorCode) }),
  };
}

/**
 * A signed Twilio request: the `X-Twilio-Signature` of `url` (the server's PUBLIC_URL plus the path) and
 * the parameters, and the form-encoded body to post.
 */
export function signedTwilioRequest(
  url: string,
  params: Record<string, string>,
  authToken: string = demoVendorSecrets.twilioAuthToken,
) {
  return {
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilio.getExpectedTwilioSignature(authToken, url, params),
    },
    body: new URLSearchParams(params).toString(),
  };
}

/**
 * Posts a signed inbound text to a running server (Playwright, a local demo). `publicUrl` is the server's
 * PUBLIC_URL (by default http://localhost:{PORT}), against which the server checks the signature.
 */
export async function postSignedInboundSms(publicUrl: string, sms: InboundSms, authToken?: string) {
  const url = `${publicUrl.replace(/\/$/, '')}${twilioWebhookPaths.sms}`;
  const { headers, body } = signedTwilioRequest(url, inboundSmsParams(sms), authToken);
  return fetch(url, { method: 'POST', headers, body });
}
