import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError, ExternalFormSubmission, errorMessages, type FormAnswer, formTexts } from '@vigil/core';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { findUnstorable } from '../../plugins/storable-text.js';
import type { AuditService } from '../audit/audit.service.js';
import { storeSubmission } from './form-submissions.js';
import { createFormsRepository } from './forms.repository.js';

const choiceTypes = new Set(['radiogroup', 'checkbox', 'dropdown', 'tagbox', 'choice']);

function externalKind(type: string): FormAnswer['kind'] {
  if (type === 'appointment' || type === 'file' || type === 'boolean' || type === 'number') return type;
  if (choiceTypes.has(type)) return 'choice';
  return type === 'text' || type === 'comment' ? 'text' : 'other';
}

const inWords = (answer: unknown) =>
  answer === undefined || answer === null
    ? ''
    : typeof answer === 'object'
      ? JSON.stringify(answer)
      : String(answer);

/** Whether `x-vigil-signature: sha256=<hex>` is the HMAC-SHA256 of the raw body with the form's secret. */
export function signatureMatches(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  const presented = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '')?.[1];
  if (!presented) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(presented, 'hex'), expected);
}

/**
 * Submissions of external forms (issue 13): signed with the form's secret over the raw body (401 and nothing
 * stored otherwise), for any clinic's patient (the signature vouches for the host), once per host's id.
 */
export function createFormWebhookService(deps: { db: Db; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;
  const repo = createFormsRepository(db);

  return {
    async receive(
      formId: string,
      rawBody: Buffer,
      signature: string | undefined,
      ip: string | null,
    ): Promise<{ created: boolean; submissionId: string }> {
      const form = await repo.findForm(formId);
      if (form?.kind !== 'EXTERNAL') throw new AppError('NOT_FOUND', errorMessages.notFound);
      if (!form.secret || !signatureMatches(rawBody, signature, form.secret)) {
        throw new AppError('UNAUTHENTICATED', formTexts.badSignature);
      }
      if (form.retired) throw new AppError('CONFLICT', formTexts.formRetired);
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new AppError('BAD_REQUEST', 'Request body is not valid JSON');
      }
      // Read here, not by the app's parser, so the app-wide check of what can be stored runs here too.
      const unstorable = findUnstorable(json);
      if (unstorable) {
        throw new AppError('VALIDATION', unstorable.message, { [unstorable.field]: unstorable.message });
      }
      const parsed = ExternalFormSubmission.safeParse(json);
      if (!parsed.success) {
        const fields = Object.fromEntries(
          parsed.error.issues.map((i) => [i.path.join('.') || '_', i.message]),
        );
        throw new AppError('VALIDATION', Object.values(fields)[0] ?? 'Invalid input', fields);
      }
      const body = parsed.data;
      const patient = await repo.findPatient(null, body.patientId);
      if (!patient) throw new AppError('NOT_FOUND', errorMessages.notFound);
      const known = await repo.findSubmissionByExternalId(form.id, body.submissionId);
      if (known) return { created: false, submissionId: known.id };

      const userId = body.userId
        ? ((await repo.findUserSeeingClinic(body.userId, patient.clinicId)) ?? null)
        : null;
      const answers: FormAnswer[] = body.answers.map((a) => ({
        name: a.name,
        text: a.text,
        type: a.type,
        kind: externalKind(a.type),
        answer: a.answer,
        prettyFormat: a.prettyFormat ?? inWords(a.answer),
      }));
      const id = await db.transaction((tx) =>
        storeSubmission(tx, audit, {
          patient,
          form,
          version: form.currentVersion,
          channel: 'EXTERNAL',
          submittedBy: userId,
          externalId: body.submissionId,
          data: Object.fromEntries(body.answers.map((a) => [a.name, a.answer])),
          answers,
          fileIds: [],
          now: clock.now(),
          ip,
        }),
      );
      if (id) return { created: true, submissionId: id };
      // Delivered twice at once: the other delivery stored it.
      const stored = await repo.findSubmissionByExternalId(form.id, body.submissionId);
      return { created: false, submissionId: stored!.id };
    },
  };
}

export type FormWebhookService = ReturnType<typeof createFormWebhookService>;
