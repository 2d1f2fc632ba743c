import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { type StaffNoteRow, staffNotes, users } from '../../db/schema/index.js';
import { isUuid } from '../../db/uuid.js';
import type { PatientScope } from '../patients/patient-scope.js';
import { findScopedPatient } from '../patients/scoped-patient.repository.js';

/** A staff note with its author's name, and its last editor's, as the notes panel shows it. */
export type StaffNoteWithAuthor = StaffNoteRow & {
  authorFirstName: string | null;
  authorLastName: string | null;
  editorFirstName: string | null;
  editorLastName: string | null;
};

const editor = alias(users, 'editor');
const withAuthor = {
  note: staffNotes,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  editorFirstName: editor.firstName,
  editorLastName: editor.lastName,
};
const flatten = (row: { note: StaffNoteRow } & Omit<StaffNoteWithAuthor, keyof StaffNoteRow>) => ({
  ...row.note,
  authorFirstName: row.authorFirstName,
  authorLastName: row.authorLastName,
  editorFirstName: row.editorFirstName,
  editorLastName: row.editorLastName,
});

export function createNotesRepository(db: DbOrTx) {
  return {
    findPatient(scope: PatientScope, patientId: string) {
      return findScopedPatient(db, scope, patientId);
    },

    /** A patient's notes, newest first (id breaks ties, so the order is stable). */
    async findByPatient(patientId: string): Promise<StaffNoteWithAuthor[]> {
      const rows = await db
        .select(withAuthor)
        .from(staffNotes)
        .leftJoin(users, eq(users.id, staffNotes.authorId))
        .leftJoin(editor, eq(editor.id, staffNotes.updatedBy))
        .where(eq(staffNotes.patientId, patientId))
        .orderBy(desc(staffNotes.createdAt), desc(staffNotes.id));
      return rows.map(flatten);
    },

    async findById(patientId: string, noteId: string): Promise<StaffNoteWithAuthor | undefined> {
      if (!isUuid(noteId)) return undefined;
      const [row] = await db
        .select(withAuthor)
        .from(staffNotes)
        .leftJoin(users, eq(users.id, staffNotes.authorId))
        .leftJoin(editor, eq(editor.id, staffNotes.updatedBy))
        .where(and(eq(staffNotes.id, noteId), eq(staffNotes.patientId, patientId)));
      return row && flatten(row);
    },

    /** The note, locked until the transaction ends, so two edits apply one after the other. */
    async lockById(patientId: string, noteId: string): Promise<StaffNoteRow | undefined> {
      if (!isUuid(noteId)) return undefined;
      const [row] = await db
        .select()
        .from(staffNotes)
        .where(and(eq(staffNotes.id, noteId), eq(staffNotes.patientId, patientId)))
        .for('update');
      return row;
    },

    async insert(values: typeof staffNotes.$inferInsert): Promise<StaffNoteRow> {
      const [row] = await db.insert(staffNotes).values(values).returning();
      return row!;
    },

    async updateText(noteId: string, text: string, userId: string, now: Date): Promise<void> {
      await db
        .update(staffNotes)
        .set({ text, updatedAt: now, updatedBy: userId })
        .where(and(eq(staffNotes.id, noteId), sql`${staffNotes.submissionId} is null`));
    },
  };
}
