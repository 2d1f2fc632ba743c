import type { MessageRow } from '../../db/schema/index.js';
import type { AuditEventInput } from '../audit/audit.repository.js';

/** How far a delivery status has come: a late word (a callback, the job) never moves a text back. */
export const deliveryRank: Record<string, number> = {
  queued: 0,
  accepted: 0,
  sending: 1,
  sent: 2,
  delivered: 3,
  undelivered: 4,
  failed: 4,
};

/** Whether a text at `current` may take `next`: the same rank (failed after undelivered) or further on. */
export const deliveryMovesOn = (current: string, next: string) =>
  (deliveryRank[next] ?? 0) >= (deliveryRank[current] ?? 0);

const statusWords: Record<string, string> = {
  queued: 'Text message queued',
  sent: 'Text message sent',
  delivered: 'Text message delivered',
  undelivered: 'Text message not delivered',
  failed: 'Text message failed',
};

/**
 * The audit event of a text's delivery status moving (the outbox job, Twilio's status callback): a change
 * of the patient's record the product made, so no actor. Names the message by id, never its words.
 */
export function messageStatusEvent(
  message: Pick<MessageRow, 'id' | 'clinicId' | 'patientId'>,
  status: string,
  reason: string | null,
): AuditEventInput {
  const words = statusWords[status] ?? `Text message ${status}`;
  return {
    actorUserId: null,
    clinicId: message.clinicId,
    patientId: message.patientId,
    action: 'message.status-changed',
    entityType: 'message',
    entityId: message.id,
    message: reason ? `${words}: ${reason}` : words,
    details: { status },
  };
}
