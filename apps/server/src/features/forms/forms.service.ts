import { createHash, randomBytes } from 'node:crypto';
import {
  AppError,
  errorMessages,
  type FormFileView,
  type FormFolderView,
  type FormSubmissionDetailView,
  type FormSubmissionRequest,
  type FormSubmissionsView,
  type FormSubmissionView,
  formLinkLifetimeDays,
  formTexts,
  type HostedFormView,
} from '@vigil/core';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { FileStorage } from '../../integrations/storage/storage.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { MessageSender } from '../messages/message-sender.js';
import { patientScope } from '../patients/patient-scope.js';
import { storeFormFile, type UploadedFile } from './form-files.js';
import { checkHostedSubmission, storeSubmission } from './form-submissions.js';
import { toFileView, toFormSummaryView, toHostedFormView, toSubmissionView } from './form-views.js';
import { createFormsRepository, type FormPatient } from './forms.repository.js';

export interface FormsDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  storage: FileStorage;
  sender: MessageSender;
  /** Where the patient's link points: PUBLIC_URL. */
  publicUrl: string;
}

const notFound = () => new AppError('NOT_FOUND', errorMessages.notFound);

/** A link's token is 32 random bytes; only its SHA-256 is stored, so the table never holds a usable link. */
export const hashLinkToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * The forms panel's use cases (spec patients 2.6, 7; issue 13): every patient route scopes the patient to
 * the signed-in user first (another clinic's patient is 404 and nothing changes) and writes an audit event.
 */
export function createFormsService(deps: FormsDeps) {
  const { db, clock, audit, storage } = deps;
  const repo = createFormsRepository(db);

  async function visiblePatient(actor: AuthUser, patientId: string): Promise<FormPatient> {
    const patient = await repo.findPatient(patientScope(actor), patientId);
    if (!patient) throw notFound();
    return patient;
  }

  async function activeHostedForm(formId: string) {
    const form = await repo.findForm(formId);
    if (form?.kind !== 'HOSTED') throw notFound();
    if (form.retired) throw new AppError('CONFLICT', formTexts.formRetired);
    return form;
  }

  return {
    /** The Session Forms tab: active forms in their folders, folders in their order. */
    async folders(): Promise<FormFolderView[]> {
      const [folders, forms] = await Promise.all([repo.findFolders(), repo.findForms({ activeOnly: true })]);
      return folders.map((folder) => ({
        _id: folder.id,
        name: folder.name,
        position: folder.position,
        forms: forms.filter((f) => f.folderId === folder.id).map(toFormSummaryView),
      }));
    },

    async submissions(
      actor: AuthUser,
      patientId: string,
      page: { page: number; pageSize: number },
      ip: string | null,
    ): Promise<FormSubmissionsView> {
      const patient = await visiblePatient(actor, patientId);
      const [rows, total] = await Promise.all([
        repo.findSubmissionsByPatient(patient.id, {
          limit: page.pageSize,
          offset: (page.page - 1) * page.pageSize,
        }),
        repo.countSubmissionsByPatient(patient.id),
      ]);
      await audit.patientViewed(db, {
        actorUserId: actor.id,
        patient,
        view: 'form-submissions',
        message: 'Viewed the form submissions',
        ip,
      });
      return { submissions: rows.map(toSubmissionView), count: total };
    },

    /** One submission, with the definition of the version it was filled on (View, Duplicate). */
    async submission(
      actor: AuthUser,
      patientId: string,
      submissionId: string,
      ip: string | null,
    ): Promise<FormSubmissionDetailView> {
      const patient = await visiblePatient(actor, patientId);
      const row = await repo.findSubmission(patient.id, submissionId);
      if (!row) throw notFound();
      const version =
        row.formKind === 'HOSTED'
          ? await repo.findVersion(row.submission.formId, row.submission.formVersion)
          : undefined;
      await audit.record(db, {
        actorUserId: actor.id,
        clinicId: patient.clinicId,
        patientId: patient.id,
        action: 'form.viewed',
        entityType: 'form_submission',
        entityId: row.submission.id,
        message: `Viewed the form "${row.formTitle}"`,
        ip,
      });
      return {
        ...toSubmissionView(row),
        definition: version?.definition ?? null,
        data: row.submission.data,
      };
    },

    /** A hosted form filled by staff in the frame: checked against the version it was rendered from. */
    async submit(
      actor: AuthUser,
      patientId: string,
      body: FormSubmissionRequest,
      ip: string | null,
    ): Promise<{ submission: FormSubmissionView }> {
      const patient = await visiblePatient(actor, patientId);
      const form = await repo.findForm(body.formId);
      if (!form) throw notFound();
      const id = await db.transaction(async (tx) => {
        const checked = await checkHostedSubmission(tx, {
          form,
          version: body.version,
          patientId: patient.id,
          data: body.data,
          linkId: null,
        });
        return storeSubmission(tx, audit, {
          patient,
          form,
          version: body.version,
          channel: 'STAFF',
          submittedBy: actor.id,
          data: body.data,
          answers: checked.answers,
          fileIds: checked.fileIds,
          now: clock.now(),
          ip,
        });
      });
      return { submission: toSubmissionView((await repo.findSubmission(patient.id, id!))!) };
    },

    async upload(
      actor: AuthUser,
      patientId: string,
      file: UploadedFile,
      ip: string | null,
    ): Promise<FormFileView> {
      const patient = await visiblePatient(actor, patientId);
      const row = await db.transaction(async (tx) => {
        const stored = await storeFormFile(
          { db: tx, storage },
          { clinicId: patient.clinicId, patientId: patient.id, uploadedBy: actor.id, linkId: null },
          file,
          clock.now(),
        );
        await audit.record(tx, {
          actorUserId: actor.id,
          clinicId: patient.clinicId,
          patientId: patient.id,
          action: 'form.file.uploaded',
          entityType: 'form_file',
          entityId: stored.id,
          message: `Attached a file to a form: ${stored.name}`,
          ip,
        });
        return stored;
      });
      return toFileView(row);
    },

    /** An answer's file, to a user who may see the patient; 404 for anything else. */
    async file(actor: AuthUser, patientId: string, fileId: string, ip: string | null) {
      const patient = await visiblePatient(actor, patientId);
      const file = await repo.findFile(patient.id, fileId);
      const bytes = file && (await storage.get(file.storageKey));
      if (!file || !bytes) throw notFound();
      await audit.record(db, {
        actorUserId: actor.id,
        clinicId: patient.clinicId,
        patientId: patient.id,
        action: 'form.file.viewed',
        entityType: 'form_file',
        entityId: file.id,
        message: `Viewed a form's file: ${file.name}`,
        ip,
      });
      return { bytes, name: file.name, type: file.type };
    },

    /**
     * Texts the patient a single-use link to an active hosted form (with their text consent), through the
     * message sender, in one transaction with the link; answers when it expires.
     */
    async sendLink(
      actor: AuthUser,
      patientId: string,
      formId: string,
      ip: string | null,
    ): Promise<{ expiresAt: string }> {
      const patient = await visiblePatient(actor, patientId);
      const form = await activeHostedForm(formId);
      if (patient.preferences.textConsent !== 'Yes') {
        throw new AppError('CONFLICT', formTexts.noTextConsent);
      }
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + formLinkLifetimeDays * 86_400_000);
      const outboxId = await db.transaction(async (tx) => {
        const link = await createFormsRepository(tx).insertLink({
          clinicId: patient.clinicId,
          patientId: patient.id,
          formId: form.id,
          tokenHash: hashLinkToken(token),
          createdBy: actor.id,
          expiresAt,
          createdAt: now,
        });
        const sent = await deps.sender.storePatientText(tx, {
          patientId: patient.id,
          body: formTexts.linkText(form.title, `${deps.publicUrl}/f/${token}`),
          userId: actor.id,
          kind: 'staff',
          ip,
        });
        await audit.record(tx, {
          actorUserId: actor.id,
          clinicId: patient.clinicId,
          patientId: patient.id,
          action: 'form.link.sent',
          entityType: 'form_link',
          entityId: link.id,
          message: `Texted the form "${form.title}" to the patient`,
          details: { formId: form.id, expiresAt: expiresAt.toISOString() },
          ip,
        });
        return sent.outboxId;
      });
      await deps.sender.deliver(outboxId);
      return { expiresAt: expiresAt.toISOString() };
    },

    /** The hosted page's form, opened for a patient: its current version, and the 'form opened' event. */
    async definition(
      actor: AuthUser,
      formId: string,
      patientId: string,
      ip: string | null,
    ): Promise<HostedFormView> {
      const patient = await visiblePatient(actor, patientId);
      const form = await activeHostedForm(formId);
      const version = await repo.findVersion(form.id, form.currentVersion);
      if (!version) throw notFound();
      await audit.record(db, {
        actorUserId: actor.id,
        clinicId: patient.clinicId,
        patientId: patient.id,
        action: 'form.opened',
        entityType: 'form',
        entityId: form.id,
        message: `Opened the form "${form.title}"`,
        ip,
      });
      return toHostedFormView(form, version.definition);
    },
  };
}

export type FormsService = ReturnType<typeof createFormsService>;
