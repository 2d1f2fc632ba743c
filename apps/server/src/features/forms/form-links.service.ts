import { AppError, type FormFileView, type FormLinkView, formTexts } from '@vigil/core';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { FormLinkRow } from '../../db/schema/index.js';
import type { FileStorage } from '../../integrations/storage/storage.js';
import type { AuditService } from '../audit/audit.service.js';
import { storeFormFile, type UploadedFile } from './form-files.js';
import { checkHostedSubmission, storeSubmission } from './form-submissions.js';
import { toFileView, toHostedFormView } from './form-views.js';
import { createFormsRepository } from './forms.repository.js';
import { hashLinkToken } from './forms.service.js';

const invalid = () => new AppError('NOT_FOUND', formTexts.linkInvalid);

/**
 * What a patient does with a texted link, signed out (issue 13): the token is the only credential. An
 * unknown token is 404, a used or expired one 409, and a submission through it locks the link, so a
 * second use stores nothing.
 */
export function createFormLinksService(deps: {
  db: Db;
  clock: Clock;
  audit: AuditService;
  storage: FileStorage;
}) {
  const { db, clock, audit, storage } = deps;

  /** The link of a token, usable now: 404 when unknown, 409 when used or expired. */
  async function usableLink(tx: DbOrTx, token: string, lock: boolean): Promise<FormLinkRow> {
    const repo = createFormsRepository(tx);
    const hash = hashLinkToken(token);
    const link = lock ? await repo.lockLinkByTokenHash(hash) : await repo.findLinkByTokenHash(hash);
    if (!link) throw invalid();
    if (link.usedAt) throw new AppError('CONFLICT', formTexts.linkUsed);
    if (link.expiresAt.getTime() <= clock.now().getTime())
      throw new AppError('CONFLICT', formTexts.linkExpired);
    return link;
  }

  async function linkedForm(tx: DbOrTx, link: FormLinkRow) {
    const form = await createFormsRepository(tx).findForm(link.formId);
    if (!form) throw invalid();
    if (form.retired) throw new AppError('CONFLICT', formTexts.formRetired);
    return form;
  }

  return {
    /** The form to fill (its current version) and the patient's first name, to greet them. */
    async open(token: string, ip: string | null): Promise<FormLinkView> {
      const link = await usableLink(db, token, false);
      const form = await linkedForm(db, link);
      const repo = createFormsRepository(db);
      const [version, patient] = await Promise.all([
        repo.findVersion(form.id, form.currentVersion),
        repo.findPatient(null, link.patientId),
      ]);
      if (!version || !patient) throw invalid();
      await audit.record(db, {
        actorUserId: null,
        clinicId: link.clinicId,
        patientId: link.patientId,
        action: 'form.link.opened',
        entityType: 'form_link',
        entityId: link.id,
        message: `The patient opened the texted form "${form.title}"`,
        ip,
      });
      return {
        ...toHostedFormView(form, version.definition),
        patientFirstName: patient.firstName,
        expiresAt: link.expiresAt.toISOString(),
      };
    },

    async upload(token: string, file: UploadedFile, ip: string | null): Promise<FormFileView> {
      const link = await usableLink(db, token, false);
      const row = await db.transaction(async (tx) => {
        const stored = await storeFormFile(
          { db: tx, storage },
          { clinicId: link.clinicId, patientId: link.patientId, uploadedBy: null, linkId: link.id },
          file,
          clock.now(),
        );
        await audit.record(tx, {
          actorUserId: null,
          clinicId: link.clinicId,
          patientId: link.patientId,
          action: 'form.file.uploaded',
          entityType: 'form_file',
          entityId: stored.id,
          message: `The patient attached a file to a texted form: ${stored.name}`,
          ip,
        });
        return stored;
      });
      return toFileView(row);
    },

    /** The patient's answers, on the form's current version, stored as theirs; the link is then used. */
    async submit(
      token: string,
      data: Record<string, unknown>,
      ip: string | null,
    ): Promise<{ submissionId: string }> {
      const submissionId = await db.transaction(async (tx) => {
        const link = await usableLink(tx, token, true);
        const form = await linkedForm(tx, link);
        const patient = { id: link.patientId, clinicId: link.clinicId };
        const checked = await checkHostedSubmission(tx, {
          form,
          version: form.currentVersion,
          patientId: patient.id,
          data,
          linkId: link.id,
        });
        const now = clock.now();
        const id = await storeSubmission(tx, audit, {
          patient,
          form,
          version: form.currentVersion,
          channel: 'PATIENT',
          submittedBy: null,
          data,
          answers: checked.answers,
          fileIds: checked.fileIds,
          now,
          ip,
        });
        await createFormsRepository(tx).markLinkUsed(link.id, id!, now);
        return id!;
      });
      return { submissionId };
    },
  };
}

export type FormLinksService = ReturnType<typeof createFormLinksService>;
