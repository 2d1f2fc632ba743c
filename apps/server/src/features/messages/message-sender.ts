import {
  AppError,
  errorMessages,
  signedTextTooLong,
  textMessageTexts,
  textSignature,
  toE164,
  withSignature,
} from '@vigil/core';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { MessageAttachment, MessageRow } from '../../db/schema/index.js';
import type { AuditService } from '../audit/audit.service.js';
import type { OutboxService } from '../outbox/outbox.service.js';
import { createMessagesRepository } from './messages.repository.js';

/** Who wrote an outbound text: a staff member, or the product itself. */
export type PatientTextKind = 'staff' | 'welcome' | 'reminder' | 'help';

export interface PatientTextInput {
  patientId: string;
  /** The text as written; a staff text gets its signature appended here. */
  body: string;
  /** The staff member who sends it (required for kind 'staff'); null for the product's own texts. */
  userId: string | null;
  kind: PatientTextKind;
  /** Files already in storage (a composer's uploads), sent as MMS media. */
  attachments?: MessageAttachment[];
  /** The request's address, for the audit event. */
  ip?: string | null;
}

const auditSentences: Record<PatientTextKind, string> = {
  staff: 'Sent a text',
  welcome: 'Sent the welcome text',
  reminder: 'Sent a reading reminder',
  help: 'Answered HELP with the clinic’s name and number',
};

export interface MessageSenderDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  outbox: OutboxService;
}

/**
 * The one way a text reaches a patient (decision 0011): from their clinic's number to their texting number,
 * never to a pair that texted STOP, stored as a `messages` row (status queued) and handed to the outbox,
 * whose job sends it (Twilio in production, with media links and the status callback) and retries.
 *
 * It checks no tenancy: callers do (the messages service scopes the patient to the signed-in user; the
 * welcome text and the reminders are the product's own).
 */
export function createMessageSender(deps: MessageSenderDeps) {
  async function store(
    tx: DbOrTx,
    input: PatientTextInput,
  ): Promise<{ message: MessageRow; outboxId: string }> {
    const repo = createMessagesRepository(tx);
    const patient = await repo.findTextingPatient(null, input.patientId);
    if (!patient) throw new AppError('NOT_FOUND', errorMessages.notFound);
    const to = toE164(patient.phone);
    if (!to) throw new AppError('CONFLICT', textMessageTexts.noTextingNumber);
    if (!patient.clinicNumber) throw new AppError('CONFLICT', textMessageTexts.noClinicNumber);
    const from = toE164(patient.clinicNumber) ?? patient.clinicNumber;
    if (await repo.isOptedOut(to, from)) throw new AppError('CONFLICT', textMessageTexts.optedOut);

    let body = input.body.trim();
    if (input.kind === 'staff') {
      const user = input.userId ? await repo.findUserSignatureFacts(input.userId) : undefined;
      if (!user) throw new Error('A staff text needs the user who sends it');
      const signature = textSignature(user, patient.clinicName);
      if (signedTextTooLong(body, signature)) {
        throw new AppError('VALIDATION', textMessageTexts.textTooLong, {
          text: textMessageTexts.textTooLong,
        });
      }
      body = withSignature(body, signature);
    }
    const attachments = input.attachments ?? [];
    if (!body && attachments.length === 0) {
      throw new AppError('VALIDATION', textMessageTexts.provideMessageOrAttachment, {
        text: textMessageTexts.provideMessageOrAttachment,
      });
    }

    const now = deps.clock.now();
    const outboxId = await deps.outbox.enqueueIn(tx, {
      channel: 'sms',
      clinicId: patient.clinicId,
      to,
      from,
      body,
    });
    const message = await repo.insertMessage({
      clinicId: patient.clinicId,
      patientId: patient.id,
      direction: 'outbound',
      kind: input.kind,
      userId: input.userId,
      body,
      attachments,
      fromNumber: from,
      toNumber: to,
      // The outbox's id until the provider answers with its own (Twilio's MessageSid).
      providerSid: outboxId,
      status: 'queued',
      createdAt: now,
      updatedAt: now,
    });
    await deps.audit.record(tx, {
      actorUserId: input.userId,
      clinicId: patient.clinicId,
      patientId: patient.id,
      action: 'message.sent',
      entityType: 'message',
      entityId: message!.id,
      message: attachments.length
        ? `${auditSentences[input.kind]} with ${attachments.length === 1 ? 'an attachment' : `${attachments.length} attachments`}`
        : auditSentences[input.kind],
      details: {
        kind: input.kind,
        attachments: attachments.map((a) => a.fileName),
      },
      ip: input.ip ?? null,
    });
    return { message: message!, outboxId };
  }

  return {
    /**
     * Stores and queues a text to a patient in a transaction of its own, then starts its delivery. Refuses
     * (409, the core's wording) a patient without a texting number, a clinic without a number, and an
     * opted-out pair. Answers the stored message.
     */
    async sendPatientText(input: PatientTextInput): Promise<MessageRow> {
      const { message, outboxId } = await deps.db.transaction((tx) => store(tx, input));
      await deps.outbox.deliver(outboxId);
      return message;
    },

    /**
     * As `sendPatientText`, inside the caller's transaction: the text stands or falls with it. Nothing is
     * sent yet: the caller calls `deliver` once the transaction has committed (scheduling the job inside
     * it would wait on PGlite's single connection, and a job started before the commit would not see the
     * row).
     */
    storePatientText: store,

    /** Starts the delivery of a text stored by `storePatientText`, after its transaction committed. */
    deliver: (outboxId: string) => deps.outbox.deliver(outboxId),
  };
}

export type MessageSender = ReturnType<typeof createMessageSender>;
