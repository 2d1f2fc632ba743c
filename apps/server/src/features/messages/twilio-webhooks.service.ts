import { randomUUID } from 'node:crypto';
import {
  AppError,
  deliveryFailureReason,
  helpReply,
  normaliseUsPhone,
  optOutKeyword,
  toE164,
} from '@vigil/core';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { MessageAttachment } from '../../db/schema/index.js';
import type { FileStorage } from '../../integrations/storage/storage.js';
import type { AuditService } from '../audit/audit.service.js';
import { refreshPatientMetrics } from '../patients/patient-metrics.service.js';
import { detectContentType } from './attachment-content.js';
import type { MediaLinks } from './media-links.js';
import type { MessageSender } from './message-sender.js';
import { deliveryMovesOn, deliveryRank, messageStatusEvent } from './message-status.js';
import { createMessagesRepository } from './messages.repository.js';

export interface TwilioWebhooksDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  storage: FileStorage;
  sender: MessageSender;
  mediaLinks: MediaLinks;
  /** Basic credentials for Twilio's media URLs when an account is configured (its media may require auth). */
  twilioAccount: { accountSid: string; authToken: string } | undefined;
  log: { warn(details: object, message: string): void };
}

/** Twilio sends at most 10 media per MMS, 5 MB in all. */
const maxMedia = 10;
const maxMediaBytes = 5 * 1024 * 1024;
const mediaTimeoutMs = 15_000;

const storedStatus = (s: string) => (s === 'accepted' ? 'queued' : s === 'sending' ? 'sent' : s);

/**
 * Which MMS media URLs the server fetches. With a Twilio account, only that account's media on Twilio's
 * API (the credentials go with the request, and a signed webhook must not point the server at any other
 * address, internal ones included); without one (the demo, the tests), any http(s) URL.
 */
export function mediaUrlAllowed(url: string, accountSid: string | undefined): boolean {
  if (!accountSid) return /^https?:\/\//i.test(url);
  return url.startsWith(`https://api.twilio.com/2010-04-01/Accounts/${accountSid}/`);
}

const missing = (field: string) => new AppError('VALIDATION', 'Required', { [field]: 'Required' });

/**
 * Twilio's two webhooks (vendors.md, decision 0011), called once the signature is checked: an inbound text
 * (stored once per MessageSid, matched by both numbers, its media kept in storage, opt-out keywords
 * recorded, the SMSUnseen alert opened or moved with the metrics in one transaction) and a delivery status.
 */
export function createTwilioWebhooksService(deps: TwilioWebhooksDeps) {
  const { db, clock, storage } = deps;

  async function fetchMedia(url: string): Promise<Buffer> {
    if (!mediaUrlAllowed(url, deps.twilioAccount?.accountSid))
      throw new Error('not a media URL of the Twilio account');
    const headers: Record<string, string> = {};
    if (deps.twilioAccount) {
      const { accountSid, authToken } = deps.twilioAccount;
      headers.authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    }
    const res = await fetch(url, {
      headers,
      signal: AbortSignal.timeout(mediaTimeoutMs),
      redirect: 'follow',
    });
    if (!res.ok) throw new Error(`status ${res.status}`);
    const length = Number(res.headers.get('content-length') ?? 0);
    if (length > maxMediaBytes) throw new Error('too large');
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length > maxMediaBytes) throw new Error('too large');
    return bytes;
  }

  /** The MMS's media in storage; one that cannot be fetched is named in the text instead of lost silently. */
  async function keepMedia(params: Record<string, string>, clinicId: string, patientId: string) {
    const count = Math.min(Number.parseInt(params.NumMedia ?? '0', 10) || 0, maxMedia);
    const attachments: MessageAttachment[] = [];
    let failed = 0;
    for (let i = 0; i < count; i++) {
      const url = params[`MediaUrl${i}`];
      if (!url) continue;
      try {
        const bytes = await fetchMedia(url);
        const id = randomUUID();
        const contentType = await detectContentType(bytes);
        const storageKey = `messages/${clinicId}/${patientId}/${id}`;
        await storage.put(storageKey, bytes);
        const extension = contentType.split('/')[1]?.replace(/[^a-z0-9]/gi, '') ?? 'bin';
        attachments.push({
          id,
          storageKey,
          fileName: `media-${i + 1}.${extension}`,
          contentType,
          size: bytes.length,
        });
      } catch (error) {
        failed += 1;
        deps.log.warn(
          { index: i, reason: error instanceof Error ? error.message : String(error) },
          'MMS media not fetched',
        );
      }
    }
    return { attachments, failed };
  }

  return {
    async receiveText(params: Record<string, string>): Promise<{ stored: boolean }> {
      const sid = params.MessageSid?.trim();
      if (!sid || sid.length > 64) throw missing('MessageSid');
      const fromDigits = normaliseUsPhone(params.From);
      const toDigits = normaliseUsPhone(params.To);
      const body = (params.Body ?? '').slice(0, 5000);
      const now = clock.now();
      const repo = createMessagesRepository(db);
      const from = toE164(params.From) ?? (params.From ?? '').slice(0, 32);
      const to = toE164(params.To) ?? (params.To ?? '').slice(0, 32);
      const keyword = optOutKeyword(body, params.OptOutType);

      const [patientId] =
        fromDigits && toDigits ? await repo.findPatientIdsByNumbers(fromDigits, toDigits) : [];
      // The opt-out is the numbers' (Twilio keeps it per pair), whether or not a patient texts from them. It
      // changes with the text that is stored, in its transaction: a retried delivery of an earlier START
      // after a STOP is a duplicate, and changes nothing.
      const keepOptOut = async (txRepo: typeof repo) => {
        if (!fromDigits || !toDigits) return;
        if (keyword === 'STOP') await txRepo.optOut(from, to, now);
        if (keyword === 'START') await txRepo.optIn(from, to);
      };

      if (!patientId) {
        const stored = await db.transaction(async (tx) => {
          const repoTx = createMessagesRepository(tx);
          const inserted = await repoTx.insertUnmatched({
            providerSid: sid,
            fromNumber: from,
            toNumber: to,
            body,
            payload: params,
            receivedAt: now,
          });
          if (inserted) await keepOptOut(repoTx);
          return inserted;
        });
        return { stored };
      }
      if (await repo.findMessageByProviderSid(sid)) return { stored: false };

      const patient = (await repo.findTextingPatient(null, patientId))!;
      const { attachments, failed } = await keepMedia(params, patient.clinicId, patient.id);
      const text = failed
        ? `${body}${body ? '\n' : ''}[${failed === 1 ? 'An attachment' : `${failed} attachments`} could not be retrieved]`
        : body;

      const stored = await db.transaction(async (tx) => {
        const repoTx = createMessagesRepository(tx);
        await repoTx.lockTextingPatient(null, patient.id);
        const message = await repoTx.insertMessage({
          clinicId: patient.clinicId,
          patientId: patient.id,
          direction: 'inbound',
          kind: 'patient',
          userId: null,
          body: text,
          attachments,
          fromNumber: from,
          toNumber: to,
          providerSid: sid,
          status: 'received',
          createdAt: now,
          updatedAt: now,
        });
        // A replay racing this one: the first stored it; this one changes nothing.
        if (!message) return false;
        await keepOptOut(repoTx);
        // SMSUnseen (DESIGN 4): one open alert per patient, whose date moves to the newest text.
        const open = await repoTx.findOpenSmsAlert(patient.id);
        if (open) await repoTx.moveSmsAlert(open.id, now, now);
        else {
          await repoTx.insertAlert({
            clinicId: patient.clinicId,
            patientId: patient.id,
            category: 'SMS',
            type: 'SMSUnseen',
            readingDate: now,
            snoozedUntil: null,
            createdAt: now,
            updatedAt: now,
          });
        }
        await refreshPatientMetrics(tx, patient.id, now);
        await deps.audit.record(tx, {
          actorUserId: null,
          clinicId: patient.clinicId,
          patientId: patient.id,
          action: 'message.received',
          entityType: 'message',
          entityId: message.id,
          message:
            keyword === 'STOP'
              ? 'Received a text: opted out (STOP)'
              : keyword === 'START'
                ? 'Received a text: opted back in (START)'
                : 'Received a text',
          details: { attachments: attachments.length },
        });
        return true;
      });

      // HELP answers with the clinic's name and number, unless the number opted out (it gets nothing more).
      if (stored && keyword === 'HELP' && patient.clinicNumber && !(await repo.isOptedOut(from, to))) {
        try {
          await deps.sender.sendPatientText({
            patientId: patient.id,
            body: helpReply(patient, {
              name: patient.clinicName,
              phone: patient.clinicPhone,
              textingNumber: patient.clinicNumber,
            }),
            userId: null,
            kind: 'help',
          });
        } catch (error) {
          deps.log.warn(
            { reason: error instanceof Error ? error.message : String(error) },
            'HELP not answered',
          );
        }
      }
      return { stored };
    },

    /**
     * Twilio's word on a text's delivery. `textId` is our text's id, which the status callback's URL
     * carries (`?text=`): a callback may come before the outbox job has stored Twilio's id on the text, and
     * is then matched by it (a text still queued takes the callback's id). Without it, by Twilio's id.
     */
    async updateStatus(params: Record<string, string>, textId?: string): Promise<{ updated: boolean }> {
      const sid = params.MessageSid?.trim() || params.SmsSid?.trim();
      const status = (params.MessageStatus ?? params.SmsStatus ?? '').trim().toLowerCase();
      if (!sid || sid.length > 64) throw missing('MessageSid');
      if (!(status in deliveryRank)) return { updated: false };
      const errorCode = params.ErrorCode?.trim().slice(0, 16) || null;
      const failed = status === 'failed' || status === 'undelivered';
      const reason = failed ? deliveryFailureReason(errorCode) : null;
      return db.transaction(async (tx) => {
        const repo = createMessagesRepository(tx);
        // Locked: of two callbacks for one text at the same moment, the second sees what the first stored.
        const named = textId === undefined ? undefined : await repo.lockMessageById(textId);
        const message =
          named && (named.providerSid === sid || named.status === 'queued')
            ? named
            : await repo.lockMessageByProviderSid(sid);
        if (message?.direction !== 'outbound') return { updated: false };
        if (!deliveryMovesOn(message.status, storedStatus(status))) return { updated: false };
        await repo.updateMessage(
          message.id,
          {
            ...(message.providerSid === sid ? {} : { providerSid: sid }),
            status: storedStatus(status),
            errorCode: failed ? errorCode : null,
            errorMessage: reason,
          },
          clock.now(),
        );
        // A repeated callback of the status already stored changes nothing a person would read.
        if (storedStatus(status) !== message.status)
          await deps.audit.record(tx, messageStatusEvent(message, storedStatus(status), reason));
        return { updated: true };
      });
    },

    /** An outbound MMS's media, for Twilio, behind a signed, expiring link. */
    async media(messageId: string, attachmentId: string, expires: number, signature: string) {
      if (!deps.mediaLinks.verify(messageId, attachmentId, expires, signature, clock.now())) return undefined;
      const message = await createMessagesRepository(db).findMessageById(messageId);
      const attachment = message?.attachments.find((a) => a.id === attachmentId);
      const bytes = attachment && (await storage.get(attachment.storageKey));
      if (!message || !attachment || !bytes) return undefined;
      // Twilio reading a patient's file to send it is a read of their record, by the product's vendor.
      await deps.audit.record(db, {
        actorUserId: null,
        clinicId: message.clinicId,
        patientId: message.patientId,
        action: 'message.attachment.fetched',
        entityType: 'message',
        entityId: message.id,
        message: `Twilio fetched an attachment of a text to send it: ${attachment.fileName}`,
        details: { attachmentId: attachment.id },
      });
      return { bytes, contentType: attachment.contentType, fileName: attachment.fileName };
    },
  };
}

export type TwilioWebhooksService = ReturnType<typeof createTwilioWebhooksService>;
