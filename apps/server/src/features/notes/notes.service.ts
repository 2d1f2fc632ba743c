import {
  AppError,
  detailPageErrors,
  errorMessages,
  type StaffNoteForm,
  type StaffNoteView,
} from '@vigil/core';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { patientScope } from '../patients/patient-scope.js';
import { createNotesRepository, type StaffNoteWithAuthor } from './notes.repository.js';

const notFound = () => new AppError('NOT_FOUND', errorMessages.notFound);

export function toStaffNoteView(n: StaffNoteWithAuthor): StaffNoteView {
  return {
    _id: n.id,
    text: n.text,
    // A note a form submission wrote is the submission's record: view-only (spec patients 3).
    type: n.submissionId ? 'FORM' : 'NOTE',
    submissionId: n.submissionId,
    author:
      n.authorId && n.authorFirstName !== null
        ? { _id: n.authorId, fullName: `${n.authorFirstName} ${n.authorLastName ?? ''}`.trim() }
        : null,
    // Someone other than its author changed it last: the panel says who, beside the author's name.
    editedBy:
      n.updatedBy && n.updatedBy !== n.authorId && n.editorFirstName !== null
        ? { _id: n.updatedBy, fullName: `${n.editorFirstName} ${n.editorLastName ?? ''}`.trim() }
        : null,
    insertedAt: n.createdAt.toISOString(),
    updatedAt: n.updatedAt.toISOString(),
  };
}

/** Staff notes on a patient (spec patients 2.6, 4, 7): listed, added by the signed-in user, edited. */
export function createNotesService(deps: { db: Db; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;
  const notes = createNotesRepository(db);

  async function visiblePatient(actor: AuthUser, patientId: string) {
    const patient = await notes.findPatient(patientScope(actor), patientId);
    if (!patient) throw notFound();
    return patient;
  }

  return {
    async list(actor: AuthUser, patientId: string, ip: string | null): Promise<{ notes: StaffNoteView[] }> {
      const patient = await visiblePatient(actor, patientId);
      const rows = await notes.findByPatient(patient.id);
      await audit.patientViewed(db, {
        actorUserId: actor.id,
        patient,
        view: 'notes',
        message: 'Viewed staff notes',
        ip,
      });
      return { notes: rows.map(toStaffNoteView) };
    },

    /** The author is always the signed-in user, whatever the body names (the spec's body carries one). */
    async add(
      actor: AuthUser,
      patientId: string,
      input: StaffNoteForm,
      ip: string | null,
    ): Promise<{ note: StaffNoteView }> {
      const patient = await visiblePatient(actor, patientId);
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        const row = await createNotesRepository(tx).insert({
          clinicId: patient.clinicId,
          patientId: patient.id,
          text: input.text,
          authorId: actor.id,
          createdAt: now,
          updatedAt: now,
          updatedBy: actor.id,
        });
        await audit.record(tx, {
          actorUserId: actor.id,
          clinicId: patient.clinicId,
          patientId: patient.id,
          action: 'note.added',
          entityType: 'staff_note',
          entityId: row.id,
          message: 'Added a staff note',
          ip,
        });
        return row.id;
      });
      return { note: toStaffNoteView((await notes.findById(patient.id, id))!) };
    },

    async edit(
      actor: AuthUser,
      patientId: string,
      noteId: string,
      input: StaffNoteForm,
      ip: string | null,
    ): Promise<{ note: StaffNoteView }> {
      const patient = await visiblePatient(actor, patientId);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const repo = createNotesRepository(tx);
        const note = await repo.lockById(patient.id, noteId);
        if (!note) throw notFound();
        if (note.submissionId)
          throw new AppError('VALIDATION', detailPageErrors.formNoteReadOnly, {
            text: detailPageErrors.formNoteReadOnly,
          });
        await repo.updateText(note.id, input.text, actor.id, now);
        await audit.record(tx, {
          actorUserId: actor.id,
          clinicId: patient.clinicId,
          patientId: patient.id,
          action: 'note.edited',
          entityType: 'staff_note',
          entityId: note.id,
          message: 'Edited a staff note',
          ip,
        });
      });
      return { note: toStaffNoteView((await notes.findById(patient.id, noteId))!) };
    },
  };
}

export type NotesService = ReturnType<typeof createNotesService>;
