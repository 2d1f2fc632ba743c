import { randomUUID } from 'node:crypto';
import { AppError, type FormAnswer, formNoteText, formTexts } from '@vigil/core';
import type { Tx } from '../../db/client.js';
import { integerMax } from '../../db/limits.js';
import type { FormRow } from '../../db/schema/index.js';
import type { AuditService } from '../audit/audit.service.js';
import { readHostedAnswers } from './form-answers.js';
import { createFormsRepository, type FormPatient } from './forms.repository.js';

export interface NewSubmission {
  patient: Pick<FormPatient, 'id' | 'clinicId'>;
  form: Pick<FormRow, 'id' | 'title'>;
  version: number;
  channel: 'STAFF' | 'PATIENT' | 'EXTERNAL';
  /** The staff member who filled it (and the note's author); null for the patient or an unnamed host. */
  submittedBy: string | null;
  externalId?: string;
  data: Record<string, unknown>;
  answers: FormAnswer[];
  /** Answer files the submission claims (already checked as the patient's and unattached). */
  fileIds: readonly string[];
  now: Date;
  ip: string | null;
}

/**
 * Stores a submission inside the caller's transaction: the submission, its FORM staff note (view-only,
 * the answers in words), the files it claims and the audit event. Answers the submission's id, or null when
 * an external host's submission was stored before (the same form and host id).
 */
export async function storeSubmission(
  tx: Tx,
  audit: AuditService,
  input: NewSubmission,
): Promise<string | null> {
  const id = randomUUID();
  const stored = await createFormsRepository(tx).insertSubmissionWithNote({
    id,
    clinicId: input.patient.clinicId,
    patientId: input.patient.id,
    formId: input.form.id,
    formVersion: input.version,
    channel: input.channel,
    submittedBy: input.submittedBy,
    externalId: input.externalId ?? null,
    data: input.data,
    answers: input.answers,
    noteText: formNoteText(input.form.title, input.answers),
    now: input.now,
  });
  if (!stored) return null;
  await createFormsRepository(tx).attachFiles(input.fileIds, id);
  await audit.record(tx, {
    actorUserId: input.submittedBy,
    clinicId: input.patient.clinicId,
    patientId: input.patient.id,
    action: 'form.submitted',
    entityType: 'form_submission',
    entityId: id,
    // A texted form has no user: the patient filled it in, as the audit trail says.
    message:
      input.channel === 'PATIENT'
        ? `The patient submitted the form "${input.form.title}"`
        : `Submitted the form "${input.form.title}"`,
    details: { formId: input.form.id, version: input.version, channel: input.channel },
    ip: input.ip,
  });
  return id;
}

/**
 * Checks a hosted form's answers against the definition of the version sent, and the files they refer to
 * (the patient's, unattached, and for a link uploaded through it), locking those files: 400 with a reason
 * per question otherwise. Answers the answers in words and the files to claim.
 */
export async function checkHostedSubmission(
  tx: Tx,
  input: {
    form: FormRow;
    version: number;
    patientId: string;
    data: Record<string, unknown>;
    linkId: string | null;
  },
): Promise<{ answers: FormAnswer[]; fileIds: string[] }> {
  const repo = createFormsRepository(tx);
  if (input.form.kind !== 'HOSTED') throw new AppError('VALIDATION', formTexts.notHosted);
  if (input.form.retired) throw new AppError('CONFLICT', formTexts.formRetired);
  // A version past what the column can hold does not exist (and would make the query fail).
  const version =
    input.version <= integerMax ? await repo.findVersion(input.form.id, input.version) : undefined;
  if (!version) {
    throw new AppError('VALIDATION', formTexts.versionUnknown, { version: formTexts.versionUnknown });
  }
  const read = readHostedAnswers(version.definition, input.data, input.patientId);
  const fields = { ...read.fields };
  const ids = [...new Set(read.files.map((f) => f.fileId))];
  const files = await repo.lockUnattachedFiles(input.patientId, ids);
  const usable = new Set(
    files.filter((f) => input.linkId === null || f.linkId === input.linkId).map((f) => f.id),
  );
  for (const ref of read.files) {
    if (!usable.has(ref.fileId)) fields[ref.question] ??= formTexts.fileNotAttachable;
  }
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', formTexts.answersInvalid, fields);
  return { answers: read.answers, fileIds: ids };
}
