import { deliveryFailureReason } from '@vigil/core';
import type { PgBoss } from 'pg-boss';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import type { MessageRow } from '../db/schema/index.js';
import { createAuditService } from '../features/audit/audit.service.js';
import type { MediaLinks } from '../features/messages/media-links.js';
import { deliveryMovesOn, messageStatusEvent } from '../features/messages/message-status.js';
import { createMessagesRepository } from '../features/messages/messages.repository.js';
import { createOutboxRepository } from '../features/outbox/outbox.repository.js';
import type { DeliveryScheduler } from '../features/outbox/outbox.service.js';
import { loadOutboxAttachments } from '../features/outbox/outbox-attachments.js';
import type { EmailProvider } from '../integrations/email/email-provider.js';
import { type SmsProvider, SmsSendError } from '../integrations/sms/sms-provider.js';
import type { FileStorage } from '../integrations/storage/storage.js';

export const deliverOutboxQueue = 'outbox-deliver';
const retryLimit = 6;
/** Twilio's code for a number that has opted out (STOP): the reason staff read is the same. */
const optedOutCode = '21610';

export interface DeliverOutboxDeps {
  db: Db;
  clock: Clock;
  sms: SmsProvider;
  email: EmailProvider;
  /** A patient text's media links and status callback (decision 0011); without it texts go as plain SMS. */
  patientTexts?: { mediaLinks: MediaLinks; statusCallbackUrl: string };
  /** Where an email's attachments lie (a report's PDF); needed only for messages that have some. */
  storage?: FileStorage;
  /**
   * Production: a message's text is removed once it is delivered or has failed for good. Reset and
   * set-password links and sign-in codes are stored only hashed elsewhere (DESIGN 5); the outbox kept them
   * readable for anyone with a backup. Outside production the demo's outbox (/api/dev/outbox) shows them.
   */
  forgetSentBodies?: boolean;
}

/** A queued row not visible yet: its sender's transaction has not committed. pg-boss retries it. */
export class OutboxRowNotCommittedError extends Error {}

/**
 * A patient text's delivery status moved by the job: the change and its audit event stand together. The
 * provider's id is always stored; the status only if it moves the text on (Twilio's callback, matched by
 * our id, may already have said 'delivered').
 */
function setTextStatus(
  deps: DeliverOutboxDeps,
  text: MessageRow,
  changes: {
    providerSid?: string;
    status: 'sent' | 'failed';
    errorCode?: string | null;
    errorMessage?: string;
  },
) {
  return deps.db.transaction(async (tx) => {
    const repo = createMessagesRepository(tx);
    const current = (await repo.lockMessageById(text.id)) ?? text;
    const { providerSid, ...status } = changes;
    const movesOn = deliveryMovesOn(current.status, changes.status);
    await repo.updateMessage(
      text.id,
      { ...(providerSid === undefined ? {} : { providerSid }), ...(movesOn ? status : {}) },
      deps.clock.now(),
    );
    if (movesOn && current.status !== changes.status)
      await createAuditService({ clock: deps.clock }).record(
        tx,
        messageStatusEvent(text, changes.status, changes.errorMessage ?? null),
      );
  });
}

/**
 * Sends one queued message. Throws on a provider failure so pg-boss retries it with back-off. A patient's
 * text (a `messages` row whose provider_sid is this outbox id until the provider answers) goes with its
 * media as signed links and with the status callback, and its status follows the delivery.
 */
export async function deliverOutboxMessage(
  deps: DeliverOutboxDeps,
  id: string,
  isLastTry: boolean,
): Promise<void> {
  const repo = createOutboxRepository(deps.db);
  const messages = createMessagesRepository(deps.db);
  const message = await repo.findById(id);
  if (!message) {
    if (isLastTry) return;
    throw new OutboxRowNotCommittedError(`Outbox message ${id} is not visible yet`);
  }
  const text = message.channel === 'sms' ? await messages.findMessageByProviderSid(id) : undefined;
  if (message.status === 'sent' && text && message.providerId) {
    // Sent by an earlier try that failed after the provider took it: only the text's status is left to do.
    await setTextStatus(deps, text, { providerSid: message.providerId, status: 'sent' });
    return;
  }
  if (message.status !== 'pending') return;
  // A STOP that arrived after the text was queued: it is not sent, and fails with the opt-out's reason.
  if (text && message.from && (await messages.isOptedOut(message.to, message.from))) {
    await repo.markAttemptFailed(id, 'opted out after it was queued', true);
    await setTextStatus(deps, text, {
      status: 'failed',
      errorCode: optedOutCode,
      errorMessage: deliveryFailureReason(optedOutCode),
    });
    return;
  }
  let providerId: string;
  try {
    const now = deps.clock.now();
    const media =
      text && deps.patientTexts
        ? text.attachments.map((a) => deps.patientTexts!.mediaLinks.url(text.id, a.id, now))
        : [];
    ({ providerId } =
      message.channel === 'sms'
        ? await deps.sms.send({
            to: message.to,
            from: message.from,
            body: message.body,
            ...(media.length ? { mediaUrls: media } : {}),
            // Our text's id rides along, so the callback finds the text even before its provider id is stored.
            ...(text && deps.patientTexts
              ? { statusCallback: `${deps.patientTexts.statusCallbackUrl}?text=${text.id}` }
              : {}),
          })
        : await deps.email.send({
            to: message.to,
            subject: message.subject ?? '',
            text: message.body,
            attachments: await loadOutboxAttachments(deps.storage, message.attachments),
          }));
  } catch (error) {
    // A provider's refusal of a patient text (opted out, invalid number) will not change on a retry: the
    // text fails at once, with the reason staff read in the panel. A provider out of reach is tried again.
    const code = error instanceof SmsSendError ? error.code : null;
    const final = isLastTry || (text !== undefined && error instanceof SmsSendError && error.refused);
    await repo.markAttemptFailed(
      id,
      error instanceof Error ? error.message : String(error),
      final,
      deps.forgetSentBodies,
    );
    if (text && final) {
      await setTextStatus(deps, text, {
        status: 'failed',
        errorCode: code,
        errorMessage: deliveryFailureReason(code),
      });
      if (!isLastTry) return;
    }
    throw error;
  }
  // The provider has it: nothing after this may put the row back to pending, or a retry would send it again.
  await repo.markSent(id, providerId, deps.clock.now(), deps.forgetSentBodies);
  if (text) await setTextStatus(deps, text, { providerSid: providerId, status: 'sent' });
}

/**
 * What the log may say of a failed delivery: the provider's or the system's code (21610, ECONNREFUSED,
 * EAUTH), never its message, which may name the recipient (DESIGN 5: no patient data in logs).
 */
function failureCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' || typeof code === 'number') return String(code);
  return error instanceof Error ? error.name : 'unknown';
}

export async function startDeliverOutbox(
  boss: PgBoss,
  deps: DeliverOutboxDeps,
  log: { warn(details: object, message: string): void },
): Promise<DeliveryScheduler> {
  await boss.createQueue(deliverOutboxQueue, { retryLimit, retryDelay: 30, retryBackoff: true });
  await boss.work<{ id: string }>(deliverOutboxQueue, { pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) {
      const attempt = (job.retryCount ?? 0) + 1;
      try {
        await deliverOutboxMessage(deps, job.data.id, attempt > retryLimit);
      } catch (error) {
        // An operator with a wrong SMTP password or Twilio token has this line to find, not only the table.
        log.warn(
          { outboxId: job.data.id, attempt, lastAttempt: attempt > retryLimit, code: failureCode(error) },
          'outbox delivery failed',
        );
        throw error;
      }
    }
  });
  // Messages queued while the server was down (or whose job was lost) are picked up at start.
  for (const id of await createOutboxRepository(deps.db).findIdsByStatus('pending')) {
    await boss.send(deliverOutboxQueue, { id });
  }
  return (id, options) =>
    boss
      .send(deliverOutboxQueue, { id }, options?.delaySeconds ? { startAfter: options.delaySeconds } : {})
      .then(() => undefined);
}
