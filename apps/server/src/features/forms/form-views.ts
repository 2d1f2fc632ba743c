import {
  type FormAdminView,
  type FormFileView,
  type FormSubmissionView,
  type FormSummaryView,
  formFileUrl,
  type HostedFormView,
} from '@vigil/core';
import type { FormFileRow, FormRow } from '../../db/schema/index.js';
import type { SubmissionWithNames } from './forms.repository.js';

/** Where the frame opens a form: the web app's hosted page, or the external form's own URL. */
export const hostedFormPath = (formId: string) => `/forms/fill/${formId}`;

export const toFormSummaryView = (form: FormRow): FormSummaryView => ({
  _id: form.id,
  title: form.title,
  kind: form.kind,
  url: form.kind === 'HOSTED' ? hostedFormPath(form.id) : (form.url ?? ''),
  prefill: form.prefill,
  version: form.currentVersion,
});

/** What a page renders of a hosted form: its current version's definition. */
export const toHostedFormView = (form: FormRow, definition: Record<string, unknown>): HostedFormView => ({
  _id: form.id,
  title: form.title,
  version: form.currentVersion,
  definition,
});

export const toFormAdminView = (
  form: FormRow,
  definition: Record<string, unknown> | null,
  submissionsCount: number,
): FormAdminView => ({
  ...toFormSummaryView(form),
  folderId: form.folderId,
  retired: form.retired,
  definition: form.kind === 'HOSTED' ? definition : null,
  secret: form.kind === 'EXTERNAL' ? form.secret : null,
  submissionsCount,
});

export const toSubmissionView = (row: SubmissionWithNames): FormSubmissionView => ({
  _id: row.submission.id,
  formId: row.submission.formId,
  formTitle: row.formTitle,
  formKind: row.formKind,
  formVersion: row.submission.formVersion,
  submittedBy:
    row.submission.submittedBy && row.userFirstName !== null
      ? {
          _id: row.submission.submittedBy,
          fullName: `${row.userFirstName} ${row.userLastName ?? ''}`.trim(),
        }
      : null,
  channel: row.submission.channel,
  insertedAt: row.submission.createdAt.toISOString(),
  answers: row.submission.answers,
  noteId: row.submission.noteId ?? '',
});

export const toFileView = (file: FormFileRow): FormFileView => ({
  _id: file.id,
  name: file.name,
  type: file.type,
  size: file.size,
  url: formFileUrl(file.patientId, file.id),
});
