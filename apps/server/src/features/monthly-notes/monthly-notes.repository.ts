import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { clinics, type MonthlyNoteRow, monthlyNotes, patients, users } from '../../db/schema/index.js';
import type { PatientScope } from '../patients/patient-scope.js';
import { findScopedPatient } from '../patients/scoped-patient.repository.js';

/** A monthly note with the name of who changed it last. */
export type MonthlyNoteWithEditor = MonthlyNoteRow & {
  editorFirstName: string | null;
  editorLastName: string | null;
};

export function createMonthlyNotesRepository(db: DbOrTx) {
  const withEditor = () =>
    db
      .select({ note: monthlyNotes, editorFirstName: users.firstName, editorLastName: users.lastName })
      .from(monthlyNotes)
      .leftJoin(users, eq(users.id, monthlyNotes.updatedBy));
  const flatten = (row: {
    note: MonthlyNoteRow;
    editorFirstName: string | null;
    editorLastName: string | null;
  }): MonthlyNoteWithEditor => ({
    ...row.note,
    editorFirstName: row.editorFirstName,
    editorLastName: row.editorLastName,
  });

  return {
    findPatient(scope: PatientScope, patientId: string) {
      return findScopedPatient(db, scope, patientId);
    },

    /** The clinic's time zone, whose calendar says which month is the current one. */
    async findClinicTimeZone(clinicId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ timeZone: clinics.timeZone })
        .from(clinics)
        .where(eq(clinics.id, clinicId));
      return row?.timeZone;
    },

    /** The patient's row locked until the transaction ends: saves of one patient's notes go one by one. */
    async lockPatient(patientId: string): Promise<void> {
      await db.select({ id: patients.id }).from(patients).where(eq(patients.id, patientId)).for('update');
    },

    /** A patient's notes, newest month first. */
    async findByPatient(patientId: string): Promise<MonthlyNoteWithEditor[]> {
      const rows = await withEditor()
        .where(eq(monthlyNotes.patientId, patientId))
        .orderBy(desc(monthlyNotes.year), desc(monthlyNotes.month));
      return rows.map(flatten);
    },

    async findByMonth(
      patientId: string,
      year: number,
      month: number,
    ): Promise<MonthlyNoteWithEditor | undefined> {
      const [row] = await withEditor().where(
        and(
          eq(monthlyNotes.patientId, patientId),
          eq(monthlyNotes.year, year),
          eq(monthlyNotes.month, month),
        ),
      );
      return row && flatten(row);
    },

    /** Creates or replaces the note of that month (one per patient and month). */
    async upsert(values: {
      clinicId: string;
      patientId: string;
      year: number;
      month: number;
      content: string;
      approved: boolean;
      updatedAt: Date;
      updatedBy: string;
    }): Promise<void> {
      await db
        .insert(monthlyNotes)
        .values(values)
        .onConflictDoUpdate({
          target: [monthlyNotes.patientId, monthlyNotes.year, monthlyNotes.month],
          set: {
            content: values.content,
            approved: values.approved,
            updatedAt: values.updatedAt,
            updatedBy: values.updatedBy,
          },
        });
    },
  };
}
