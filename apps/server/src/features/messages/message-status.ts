import type { MessageRow } from '../../db/schema/index.js';
import type { AuditEventInput } from '../audit/audit.repository.js';

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
