import { storableYear } from '../format/patterns.constants.js';
import { z } from '../format/zod.js';
import { messages, textMessageTexts } from '../messages.js';
import { providerName } from '../users/roles.js';

/**
 * Twilio sends at most 10 media per MMS, of at most 5 MB in all; a text longer than 1600 characters is
 * refused by Twilio.
 */
export const maxMessageAttachments = 10;
export const maxMessageAttachmentBytes = 5 * 1024 * 1024;
export const maxMessageLength = 1600;

/** `POST /sms/{patientId}`: text, attachment references (the ids `POST /sms/{patientId}/attachment` answers), or both. */
export const SendMessageRequest = z
  .object({
    text: z.string().max(maxMessageLength, textMessageTexts.textTooLong).default(''),
    attachments: z
      .array(z.string().max(100))
      .max(maxMessageAttachments, textMessageTexts.attachmentTooMany)
      .default([]),
  })
  .refine((b) => b.text.trim().length > 0 || b.attachments.length > 0, {
    message: textMessageTexts.provideMessageOrAttachment,
    path: ['text'],
  });
export type SendMessageRequest = z.output<typeof SendMessageRequest>;

/** Spec patients 4: 'Yes posts an addressed mark dated 10 (seconds) after the message date'. */
export const addressedAfterMs = 10_000;

/** `POST /sms/set-last-addressed/{patientId}`: every patient text dated on or before `date` is addressed. */
export const SetLastAddressedRequest = z.object({
  addressed: z.literal(true),
  date: z.iso
    .datetime({ offset: true, message: messages.invalidDate })
    .transform((v) => new Date(v))
    .refine((d) => storableYear(d.getUTCFullYear()), messages.invalidDate),
});

export const SmsPatientParams = z.object({ patientId: z.string().max(100) });
export const SmsAttachmentParams = z.object({
  patientId: z.string().max(100),
  attachmentId: z.string().max(100),
});

/**
 * The signature of a staff text, after a blank line (spec patients 4): '— {first name}, {clinic name}'; for
 * CIRCLE portal users the provider's name replaces the clinic's.
 */
export function textSignature(user: { firstName: string; portal: 'CIRCLE' | 'CLINIC' }, clinicName: string) {
  return `— ${user.firstName.trim()}, ${user.portal === 'CIRCLE' ? providerName : clinicName}`;
}

export const withSignature = (text: string, signature: string): string =>
  text.trim() ? `${text.trim()}\n\n${signature}` : signature;

/** A staff text that, signed, is longer than Twilio sends (it refuses the whole text, error 21617). */
export const signedTextTooLong = (text: string, signature: string) =>
  withSignature(text, signature).length > maxMessageLength;

/** A US number as the ten digits the patient record keeps (a leading country code 1 dropped). */
export function normaliseUsPhone(value: string | null | undefined): string | null {
  const digits = (value ?? '').replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return digits.length === 10 ? digits : null;
}

/** The E.164 form Twilio takes, of a US number in any spelling, or null. */
export function toE164(value: string | null | undefined): string | null {
  const digits = normaliseUsPhone(value);
  return digits ? `+1${digits}` : null;
}

/** Twilio's standard opt-out keywords (vendors.md): the whole text, trimmed, any case. */
const stopWords = new Set(['STOP', 'UNSUBSCRIBE', 'END', 'QUIT', 'STOPALL', 'REVOKE', 'OPTOUT', 'CANCEL']);
const startWords = new Set(['START', 'UNSTOP', 'YES']);

export type OptOutKeyword = 'STOP' | 'START' | 'HELP';

/** What an inbound text asks for: Twilio's `OptOutType` when it sent one, else the keyword of the body. */
export function optOutKeyword(body: string, optOutType?: string | null): OptOutKeyword | null {
  const type = optOutType?.trim().toUpperCase();
  if (type === 'STOP' || type === 'START' || type === 'HELP') return type;
  const word = body.trim().toUpperCase();
  if (stopWords.has(word)) return 'STOP';
  if (startWords.has(word)) return 'START';
  if (word === 'HELP' || word === 'INFO') return 'HELP';
  return null;
}

const twilioErrorReasons: Record<string, string> = {
  '21610': 'The patient opted out of texts (STOP)',
  '21211': 'Invalid phone number',
  '21614': 'Not a mobile number',
  '30003': 'Unreachable: the phone is off or out of coverage',
  '30004': 'Blocked by the recipient',
  '30005': 'Unknown number: it may no longer be in service',
  '30006': 'Landline or unreachable carrier',
  '30007': 'Filtered by the carrier as spam',
  '30008': 'Delivery failed (unknown error)',
};

/** Why a text failed, as a person reads it, from Twilio's error code. */
export function deliveryFailureReason(code: string | number | null | undefined): string {
  if (code === null || code === undefined || code === '') return textMessageTexts.deliveryFailed;
  return twilioErrorReasons[String(code)] ?? `${textMessageTexts.deliveryFailed} (code ${code})`;
}
