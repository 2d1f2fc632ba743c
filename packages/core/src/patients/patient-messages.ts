/**
 * The messages panel's calls (decision 0011). Answers are inside `data`; dates are ISO strings.
 *
 * - `GET /sms/{patientId}`: `MessagesView`, oldest first.
 * - `POST /sms/{patientId}/attachment` (multipart, one file): `{ uploadedAt, attachment }`, where
 *   `uploadedAt` (the file's address, `attachment.url`) is the reference `POST /sms/{patientId}` takes in
 *   `attachments` (spec patients 7); `attachment.id` is taken too.
 * - `POST /sms/{patientId}` body `{ text, attachments: string[] }`: `{ message }`.
 * - `POST /sms/set-last-addressed/{patientId}` body `{ addressed: true, date }`: `{ lastAddressed }`.
 * - `GET /sms/{patientId}/attachments/{attachmentId}`: the file, to users who may see the patient.
 */

export interface MessageAttachmentView {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  /** Where the signed-in browser downloads it (the API path above). */
  url: string;
}

export type MessageStatus = 'queued' | 'sent' | 'delivered' | 'undelivered' | 'failed' | 'received';

export interface MessageView {
  _id: string;
  /** 'SENT' is a text the patient sent (the spec's wording); 'RECEIVED' one the patient received. */
  type: 'SENT' | 'RECEIVED';
  /** What wrote an outbound text: a staff member, or the product (welcome, reminder, the HELP answer). */
  kind: 'patient' | 'staff' | 'welcome' | 'reminder' | 'help';
  fromUser: { firstName: string; lastName: string; avatar: string | null } | null;
  date: string;
  text: string;
  attachments: MessageAttachmentView[];
  status: MessageStatus;
  /** Why a text failed, as a person reads it. */
  errorMessage: string | null;
}

export interface MessagesView {
  sms: MessageView[];
  lastAddressed: string | null;
  /** The patient's texting number opted out (STOP): nothing can be sent until they text START. */
  optedOut: boolean;
  /** Why nothing can be sent at all (no texting number, no clinic number), or null. */
  cannotText: string | null;
  /** The signature the signed-in user's texts end with, which counts towards their length. */
  signature: string;
}
