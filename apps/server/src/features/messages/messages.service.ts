import { randomUUID } from 'node:crypto';
import {
  AppError,
  addressedAfterMs,
  errorMessages,
  type MessageAttachmentView,
  type MessagesView,
  type MessageView,
  maxMessageAttachmentBytes,
  type SendMessageRequest,
  textMessageTexts,
  textSignature,
  toE164,
} from '@vigil/core';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { MessageAttachment, MessageRow } from '../../db/schema/index.js';
import type { FileStorage } from '../../integrations/storage/storage.js';
import { formatAlertTime } from '../alerts/alert-view.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { refreshPatientMetrics } from '../patients/patient-metrics.service.js';
import { patientScope } from '../patients/patient-scope.js';
import { detectContentType } from './attachment-content.js';
import type { MessageSender } from './message-sender.js';
import { createMessagesRepository, type TextingPatient } from './messages.repository.js';

export interface MessagesDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  storage: FileStorage;
  sender: MessageSender;
}

const notFound = () => new AppError('NOT_FOUND', errorMessages.notFound);

export const attachmentUrl = (patientId: string, attachmentId: string) =>
  `/api/sms/${patientId}/attachments/${attachmentId}`;

/**
 * The upload a reference of `POST /sms/{patientId}` names: the upload's `uploadedAt` (its address, which
 * the spec's clients send) or its id. An address of another patient names nothing here.
 */
function uploadIdOf(patientId: string, reference: string): string {
  const address = attachmentUrl(patientId, '');
  return reference.startsWith(address) ? reference.slice(address.length) : reference;
}

const toAttachmentView = (patientId: string, a: MessageAttachment): MessageAttachmentView => ({
  id: a.id,
  fileName: a.fileName,
  contentType: a.contentType,
  size: a.size,
  url: attachmentUrl(patientId, a.id),
});

export function toMessageView(
  row: MessageRow,
  user: { firstName: string; lastName: string; avatar: string | null } | null,
): MessageView {
  return {
    _id: row.id,
    type: row.direction === 'inbound' ? 'SENT' : 'RECEIVED',
    kind: row.kind,
    fromUser: user,
    date: row.createdAt.toISOString(),
    text: row.body,
    attachments: row.attachments.map((a) => toAttachmentView(row.patientId, a)),
    status: row.status as MessageView['status'],
    errorMessage: row.errorMessage,
  };
}

/**
 * The messages panel's use cases (spec patients 2.6, 4; decision 0011): every one scopes the patient to the
 * signed-in user first (another clinic's patient is 404 and nothing changes) and writes a readable audit event.
 */
export function createMessagesService(deps: MessagesDeps) {
  const { db, clock, audit, storage } = deps;

  async function visiblePatient(
    actor: AuthUser,
    patientId: string,
    tx: DbOrTx = db,
  ): Promise<TextingPatient> {
    const patient = await createMessagesRepository(tx).findTextingPatient(patientScope(actor), patientId);
    if (!patient) throw notFound();
    return patient;
  }

  async function record(
    tx: DbOrTx,
    actor: AuthUser,
    patient: TextingPatient,
    action: string,
    message: string,
    ip: string | null,
    extra: Record<string, unknown> = {},
  ) {
    await audit.record(tx, {
      actorUserId: actor.id,
      clinicId: patient.clinicId,
      patientId: patient.id,
      action,
      entityType: 'message',
      message,
      details: extra,
      ip,
    });
  }

  return {
    async view(actor: AuthUser, patientId: string, ip: string | null): Promise<MessagesView> {
      const patient = await visiblePatient(actor, patientId);
      const repo = createMessagesRepository(db);
      const rows = await repo.findByPatient(patient.id);
      const to = toE164(patient.phone);
      const from = patient.clinicNumber ? (toE164(patient.clinicNumber) ?? patient.clinicNumber) : null;
      await record(db, actor, patient, 'message.viewed', 'Viewed the texts', ip);
      return {
        sms: rows.map((r) => toMessageView(r.message, r.message.userId ? r.user : null)),
        lastAddressed: patient.smsLastAddressedAt?.toISOString() ?? null,
        optedOut: Boolean(to && from && (await repo.isOptedOut(to, from))),
        cannotText: !to ? textMessageTexts.noTextingNumber : !from ? textMessageTexts.noClinicNumber : null,
        signature: textSignature(
          { firstName: actor.firstName, portal: actor.role.portal },
          patient.clinicName,
        ),
      };
    },

    /** A composer upload: any type, typed by its content (DESIGN 5), kept until a text carries it. */
    async upload(
      actor: AuthUser,
      patientId: string,
      file: { fileName: string; bytes: Buffer },
      ip: string | null,
    ): Promise<{ uploadedAt: string; attachment: MessageAttachmentView }> {
      const patient = await visiblePatient(actor, patientId);
      if (file.bytes.length === 0) {
        throw new AppError('VALIDATION', textMessageTexts.attachmentEmpty, {
          file: textMessageTexts.attachmentEmpty,
        });
      }
      const contentType = await detectContentType(file.bytes);
      const id = randomUUID();
      const storageKey = `messages/${patient.clinicId}/${patient.id}/${id}`;
      await storage.put(storageKey, file.bytes);
      const now = clock.now();
      const fileName = cleanFileName(file.fileName);
      await db.transaction(async (tx) => {
        await createMessagesRepository(tx).insertUpload({
          id,
          clinicId: patient.clinicId,
          patientId: patient.id,
          userId: actor.id,
          storageKey,
          fileName,
          contentType,
          size: file.bytes.length,
          uploadedAt: now,
        });
        await record(tx, actor, patient, 'message.attachment.uploaded', `Attached a file: ${fileName}`, ip);
      });
      // The spec's reference for the send call (patients 7): where the file was uploaded.
      return {
        uploadedAt: attachmentUrl(patient.id, id),
        attachment: toAttachmentView(patient.id, {
          id,
          storageKey,
          fileName,
          contentType,
          size: file.bytes.length,
        }),
      };
    },

    /** A staff text with its uploads, signed, through sendPatientText; the uploads are then the text's. */
    async send(
      actor: AuthUser,
      patientId: string,
      body: SendMessageRequest,
      ip: string | null,
    ): Promise<{ message: MessageView }> {
      const patient = await visiblePatient(actor, patientId);
      const ids = [...new Set(body.attachments.map((reference) => uploadIdOf(patient.id, reference)))];
      const sent = await db.transaction(async (tx) => {
        const repo = createMessagesRepository(tx);
        const uploads = await repo.findUnsentUploads(patient.id, ids);
        if (uploads.length !== ids.length) {
          throw new AppError('VALIDATION', textMessageTexts.attachmentNotFound, {
            attachments: textMessageTexts.attachmentNotFound,
          });
        }
        if (uploads.reduce((sum, u) => sum + u.size, 0) > maxMessageAttachmentBytes) {
          throw new AppError('VALIDATION', textMessageTexts.attachmentsTooLarge, {
            attachments: textMessageTexts.attachmentsTooLarge,
          });
        }
        const byId = new Map(uploads.map((u) => [u.id, u]));
        const attachments = ids.map((id) => {
          const u = byId.get(id)!;
          return {
            id: u.id,
            storageKey: u.storageKey,
            fileName: u.fileName,
            contentType: u.contentType,
            size: u.size,
          };
        });
        const stored = await deps.sender.storePatientText(tx, {
          patientId: patient.id,
          body: body.text,
          userId: actor.id,
          kind: 'staff',
          attachments,
          ip,
        });
        await repo.markUploadsSent(ids, stored.message.id);
        return stored;
      });
      await deps.sender.deliver(sent.outboxId);
      const row = sent.message;
      const user = await createMessagesRepository(db).findUserSignatureFacts(actor.id);
      const fromUser = user
        ? { firstName: user.firstName, lastName: user.lastName, avatar: user.avatar }
        : null;
      return { message: toMessageView(row, fromUser) };
    },

    /**
     * Every patient text dated on or before `date` is addressed (spec patients 4). When none is left
     * unaddressed, the SMSUnseen alert is dismissed, in the same transaction as the metrics it moves. The
     * mark never moves back: ticking an older text (a second user's page from before) leaves the newer ones
     * addressed, as their dismissed alert says.
     */
    async setLastAddressed(
      actor: AuthUser,
      patientId: string,
      requested: Date,
      ip: string | null,
    ): Promise<{ lastAddressed: string }> {
      const scope = patientScope(actor);
      return db.transaction(async (tx) => {
        const repo = createMessagesRepository(tx);
        const patient = await repo.lockTextingPatient(scope, patientId);
        if (!patient) throw notFound();
        const now = clock.now();
        // At most the spec's 10 seconds after now: a mark far ahead would take texts not yet sent as read.
        const upTo = new Date(
          Math.max(
            Math.min(requested.getTime(), now.getTime() + addressedAfterMs),
            patient.smsLastAddressedAt?.getTime() ?? 0,
          ),
        );
        await repo.setLastAddressed(patient.id, upTo);
        const alert = await repo.findOpenSmsAlert(patient.id);
        const dismissed = Boolean(alert) && !(await repo.hasInboundAfter(patient.id, upTo));
        if (alert && dismissed) {
          await repo.dismissAlert(alert.id, actor.id, now);
          await refreshPatientMetrics(tx, patient.id, now);
        }
        const zone = await patientTimeZone(tx, patient.id);
        await record(
          tx,
          actor,
          patient,
          'message.addressed',
          `Marked texts addressed up to ${formatAlertTime(upTo, zone)}`,
          ip,
          { lastAddressed: upTo.toISOString(), smsUnseenDismissed: dismissed },
        );
        return { lastAddressed: upTo.toISOString() };
      });
    },

    /** An attachment's bytes, to a user who may see the patient; 404 for anything else. */
    async attachment(actor: AuthUser, patientId: string, attachmentId: string, ip: string | null) {
      const patient = await visiblePatient(actor, patientId);
      const attachment = await createMessagesRepository(db).findAttachment(patient.id, attachmentId);
      const bytes = attachment && (await storage.get(attachment.storageKey));
      if (!attachment || !bytes) throw notFound();
      await record(
        db,
        actor,
        patient,
        'message.attachment.viewed',
        `Viewed an attachment: ${attachment.fileName}`,
        ip,
        {
          attachmentId: attachment.id,
        },
      );
      return { bytes, fileName: attachment.fileName, contentType: attachment.contentType };
    },
  };
}

async function patientTimeZone(tx: DbOrTx, patientId: string): Promise<string> {
  return (await createMessagesRepository(tx).findPatientTimeZone(patientId)) ?? 'America/Los_Angeles';
}

/** A file name as shown and sent back in Content-Disposition: no path, no control characters, at most 200. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // Control characters and quotes would break the Content-Disposition header the name is served in.
  // Cut by characters, not UTF-16 units, so a symbol at the limit is never split in half.
  const cleaned = [
    ...[...base]
      .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '"')
      .join('')
      .trim(),
  ]
    .slice(0, 200)
    .join('');
  return cleaned || 'attachment';
}

export type MessagesService = ReturnType<typeof createMessagesService>;
