import { and, asc, count, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  type FormFileRow,
  type FormLinkRow,
  type FormRow,
  formFiles,
  formFolders,
  formLinks,
  formSubmissions,
  forms,
  formVersions,
  patients,
  staffNotes,
  users,
} from '../../db/schema/index.js';
import { isUuid } from '../../db/uuid.js';
import { type PatientScope, scopeCondition } from '../patients/patient-scope.js';

/** What the forms feature needs of a patient: where they belong, how to greet them, whether they agreed to texts. */
export interface FormPatient {
  id: string;
  clinicId: string;
  firstName: string;
  preferences: Record<string, unknown>;
}

/** A submission with its form's title and kind and the name of who filled it. */
export interface SubmissionWithNames {
  submission: typeof formSubmissions.$inferSelect;
  formTitle: string;
  formKind: FormRow['kind'];
  userFirstName: string | null;
  userLastName: string | null;
}

const patientColumns = {
  id: patients.id,
  clinicId: patients.clinicId,
  firstName: patients.firstName,
  preferences: patients.preferences,
};

const submissionColumns = {
  submission: formSubmissions,
  formTitle: forms.title,
  formKind: forms.kind,
  userFirstName: users.firstName,
  userLastName: users.lastName,
};

export function createFormsRepository(db: DbOrTx) {
  const submissionsWithNames = () =>
    db
      .select(submissionColumns)
      .from(formSubmissions)
      .innerJoin(forms, eq(forms.id, formSubmissions.formId))
      .leftJoin(users, eq(users.id, formSubmissions.submittedBy));

  return {
    /** The patient, if the scope includes them; a scope of null is any clinic (a signed webhook). */
    async findPatient(scope: PatientScope | null, patientId: string): Promise<FormPatient | undefined> {
      if (!isUuid(patientId)) return undefined;
      const [row] = await db
        .select(patientColumns)
        .from(patients)
        .where(and(eq(patients.id, patientId), scope ? scopeCondition(scope) : sql`true`));
      return row;
    },

    /** An active user who may see a patient of this clinic (their clinic's, or any as a CIRCLE user). */
    async findUserSeeingClinic(userId: string, clinicId: string): Promise<string | undefined> {
      if (!isUuid(userId)) return undefined;
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, userId),
            eq(users.isDeactivated, false),
            sql`(${users.portal} = 'CIRCLE' or ${users.clinicId} = ${clinicId})`,
          ),
        );
      return row?.id;
    },

    /* Folders and forms. */

    findFolders() {
      return db.select().from(formFolders).orderBy(asc(formFolders.position), asc(formFolders.name));
    },

    async findFolder(folderId: string) {
      if (!isUuid(folderId)) return undefined;
      const [row] = await db.select().from(formFolders).where(eq(formFolders.id, folderId));
      return row;
    },

    async findFolderByName(name: string) {
      const [row] = await db
        .select()
        .from(formFolders)
        .where(sql`lower(${formFolders.name}) = lower(${name})`);
      return row;
    },

    /**
     * Every folder, locked until the transaction ends, in id order (so two lockers cannot deadlock): the
     * folders' order, and the next position, are then decided one request after another.
     */
    async lockFolders(): Promise<{ id: string; name: string }[]> {
      return db
        .select({ id: formFolders.id, name: formFolders.name })
        .from(formFolders)
        .orderBy(formFolders.id)
        .for('update');
    },

    /** A new folder, last: call it after `lockFolders`, so two at once do not take one position. */
    async insertFolder(name: string, now: Date) {
      const [{ last } = { last: null }] = await db
        .select({ last: max(formFolders.position) })
        .from(formFolders);
      const [row] = await db
        .insert(formFolders)
        .values({ name, position: (last ?? 0) + 1, createdAt: now })
        .returning();
      return row!;
    },

    async renameFolder(folderId: string, name: string) {
      const [row] = await db
        .update(formFolders)
        .set({ name })
        .where(eq(formFolders.id, folderId))
        .returning();
      return row;
    },

    async setFolderPosition(folderId: string, position: number) {
      await db.update(formFolders).set({ position }).where(eq(formFolders.id, folderId));
    },

    /** Forms in their folder's order: by position, then title. */
    findForms(options: { activeOnly: boolean }) {
      return db
        .select()
        .from(forms)
        .where(options.activeOnly ? eq(forms.retired, false) : sql`true`)
        .orderBy(asc(forms.position), asc(forms.title));
    },

    async findForm(formId: string): Promise<FormRow | undefined> {
      if (!isUuid(formId)) return undefined;
      const [row] = await db.select().from(forms).where(eq(forms.id, formId));
      return row;
    },

    /** The form, locked until the transaction ends, so two edits make their versions one after the other. */
    async lockForm(formId: string): Promise<FormRow | undefined> {
      if (!isUuid(formId)) return undefined;
      const [row] = await db.select().from(forms).where(eq(forms.id, formId)).for('update');
      return row;
    },

    /** The position after the folder's last form, with the folder locked so two new forms take two. */
    async nextFormPosition(folderId: string): Promise<number> {
      await db
        .select({ id: formFolders.id })
        .from(formFolders)
        .where(eq(formFolders.id, folderId))
        .for('update');
      const [{ last } = { last: null }] = await db
        .select({ last: max(forms.position) })
        .from(forms)
        .where(eq(forms.folderId, folderId));
      return (last ?? 0) + 1;
    },

    async insertForm(values: typeof forms.$inferInsert): Promise<FormRow> {
      const [row] = await db.insert(forms).values(values).returning();
      return row!;
    },

    async updateForm(formId: string, values: Partial<typeof forms.$inferInsert>): Promise<FormRow> {
      const [row] = await db.update(forms).set(values).where(eq(forms.id, formId)).returning();
      return row!;
    },

    async findVersion(formId: string, version: number) {
      const [row] = await db
        .select()
        .from(formVersions)
        .where(and(eq(formVersions.formId, formId), eq(formVersions.version, version)));
      return row;
    },

    /** Each form's current definition (hosted forms), by form id. */
    async findCurrentDefinitions(): Promise<Map<string, Record<string, unknown>>> {
      const rows = await db
        .select({ formId: formVersions.formId, definition: formVersions.definition })
        .from(formVersions)
        .innerJoin(
          forms,
          and(eq(forms.id, formVersions.formId), eq(forms.currentVersion, formVersions.version)),
        );
      return new Map(rows.map((r) => [r.formId, r.definition]));
    },

    async insertVersion(values: typeof formVersions.$inferInsert) {
      await db.insert(formVersions).values(values);
    },

    async countSubmissionsByForm(): Promise<Map<string, number>> {
      const rows = await db
        .select({ formId: formSubmissions.formId, n: count() })
        .from(formSubmissions)
        .groupBy(formSubmissions.formId);
      return new Map(rows.map((r) => [r.formId, Number(r.n)]));
    },

    /* Submissions. */

    /** A patient's submissions, newest first (id breaks ties, so pages are stable). */
    findSubmissionsByPatient(patientId: string, page: { limit: number; offset: number }) {
      return submissionsWithNames()
        .where(eq(formSubmissions.patientId, patientId))
        .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    async countSubmissionsByPatient(patientId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(formSubmissions)
        .where(eq(formSubmissions.patientId, patientId));
      return Number(row?.n ?? 0);
    },

    async findSubmission(patientId: string, submissionId: string): Promise<SubmissionWithNames | undefined> {
      if (!isUuid(submissionId)) return undefined;
      const [row] = await submissionsWithNames().where(
        and(eq(formSubmissions.id, submissionId), eq(formSubmissions.patientId, patientId)),
      );
      return row;
    },

    async findSubmissionByExternalId(formId: string, externalId: string) {
      const [row] = await db
        .select({ id: formSubmissions.id })
        .from(formSubmissions)
        .where(and(eq(formSubmissions.formId, formId), eq(formSubmissions.externalId, externalId)));
      return row;
    },

    /**
     * A submission and its FORM staff note (the note carries the submission's id, the submission its note's),
     * inserted together; an external submission already stored (same form and host id) inserts nothing and
     * answers false.
     */
    async insertSubmissionWithNote(input: {
      id: string;
      clinicId: string;
      patientId: string;
      formId: string;
      formVersion: number;
      channel: 'STAFF' | 'PATIENT' | 'EXTERNAL';
      submittedBy: string | null;
      externalId: string | null;
      data: Record<string, unknown>;
      answers: (typeof formSubmissions.$inferInsert)['answers'];
      noteText: string;
      now: Date;
    }): Promise<boolean> {
      const [note] = await db
        .insert(staffNotes)
        .values({
          clinicId: input.clinicId,
          patientId: input.patientId,
          text: input.noteText,
          authorId: input.submittedBy,
          submissionId: input.id,
          createdAt: input.now,
          updatedAt: input.now,
          updatedBy: input.submittedBy,
        })
        .returning({ id: staffNotes.id });
      const inserted = await db
        .insert(formSubmissions)
        .values({
          id: input.id,
          clinicId: input.clinicId,
          patientId: input.patientId,
          formId: input.formId,
          formVersion: input.formVersion,
          channel: input.channel,
          submittedBy: input.submittedBy,
          externalId: input.externalId,
          data: input.data,
          answers: input.answers,
          noteId: note!.id,
          createdAt: input.now,
        })
        .onConflictDoNothing()
        .returning({ id: formSubmissions.id });
      if (inserted.length === 0) await db.delete(staffNotes).where(eq(staffNotes.id, note!.id));
      return inserted.length > 0;
    },

    /* Answer files. */

    async insertFile(values: typeof formFiles.$inferInsert): Promise<FormFileRow> {
      const [row] = await db.insert(formFiles).values(values).returning();
      return row!;
    },

    async findFile(patientId: string, fileId: string): Promise<FormFileRow | undefined> {
      if (!isUuid(fileId)) return undefined;
      const [row] = await db
        .select()
        .from(formFiles)
        .where(and(eq(formFiles.id, fileId), eq(formFiles.patientId, patientId)));
      return row;
    },

    /** The patient's files among these that no submission has claimed, locked until the transaction ends. */
    async lockUnattachedFiles(patientId: string, fileIds: readonly string[]): Promise<FormFileRow[]> {
      const ids = fileIds.filter(isUuid);
      if (ids.length === 0) return [];
      return db
        .select()
        .from(formFiles)
        .where(
          and(inArray(formFiles.id, ids), eq(formFiles.patientId, patientId), isNull(formFiles.submissionId)),
        )
        .for('update');
    },

    async attachFiles(fileIds: readonly string[], submissionId: string) {
      if (fileIds.length === 0) return;
      await db
        .update(formFiles)
        .set({ submissionId })
        .where(inArray(formFiles.id, [...fileIds]));
    },

    /* Patient links. */

    async insertLink(values: typeof formLinks.$inferInsert): Promise<FormLinkRow> {
      const [row] = await db.insert(formLinks).values(values).returning();
      return row!;
    },

    async findLinkByTokenHash(tokenHash: string): Promise<FormLinkRow | undefined> {
      const [row] = await db.select().from(formLinks).where(eq(formLinks.tokenHash, tokenHash));
      return row;
    },

    /** The link, locked until the transaction ends, so two submissions through it run one after the other. */
    async lockLinkByTokenHash(tokenHash: string): Promise<FormLinkRow | undefined> {
      const [row] = await db.select().from(formLinks).where(eq(formLinks.tokenHash, tokenHash)).for('update');
      return row;
    },

    async markLinkUsed(linkId: string, submissionId: string, now: Date) {
      await db.update(formLinks).set({ usedAt: now, submissionId }).where(eq(formLinks.id, linkId));
    },
  };
}

export type FormsRepository = ReturnType<typeof createFormsRepository>;
