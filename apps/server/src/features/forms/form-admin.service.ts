import { randomBytes } from 'node:crypto';
import {
  AppError,
  errorMessages,
  type FormAdminFolderView,
  type FormAdminView,
  type FormInput,
  formTexts,
} from '@vigil/core';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { canonicalJson } from '../../lib/canonical-json.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { definitionQuestions } from './form-answers.js';
import { toFormAdminView } from './form-views.js';
import { createFormsRepository } from './forms.repository.js';

/** Forms are shared by every clinic, so only the operator's administrators manage them. */
export function requireCircleAdmin(actor: AuthUser) {
  if (actor.role.portal !== 'CIRCLE' || actor.role.access !== 'ADMIN') {
    throw new AppError('FORBIDDEN', formTexts.circleAdminOnly);
  }
}

const invalid = (field: string, message: string) => new AppError('VALIDATION', message, { [field]: message });

/**
 * Managing forms (issue 13; CIRCLE admins): folders (create, rename, order) and forms (hosted, versioned on
 * every change of definition; or external, with a secret made here). Each change is an audit event.
 */
export function createFormAdminService(deps: { db: Db; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;
  const repo = createFormsRepository(db);

  /** The change's audit event, in the change's transaction: both land, or neither. */
  const record = (
    tx: DbOrTx,
    actor: AuthUser,
    action: string,
    entityId: string,
    message: string,
    ip: string | null,
  ) => audit.record(tx, { actorUserId: actor.id, action, entityType: 'form', entityId, message, ip });

  async function assertFolderNameFree(name: string, except?: string) {
    const other = await repo.findFolderByName(name);
    if (other && other.id !== except)
      throw new AppError('CONFLICT', formTexts.folderNameTaken, { name: formTexts.folderNameTaken });
  }

  async function view(formId: string): Promise<FormAdminView> {
    const form = (await repo.findForm(formId))!;
    const version = await repo.findVersion(form.id, form.currentVersion);
    const counts = await repo.countSubmissionsByForm();
    return toFormAdminView(form, version?.definition ?? null, counts.get(form.id) ?? 0);
  }

  async function checkInput(input: FormInput) {
    if (!(await repo.findFolder(input.folderId))) throw invalid('folderId', formTexts.folderUnknown);
    if (input.kind === 'HOSTED' && definitionQuestions(input.definition).length === 0) {
      throw invalid('definition', formTexts.definitionInvalid);
    }
  }

  return {
    async list(actor: AuthUser): Promise<FormAdminFolderView[]> {
      requireCircleAdmin(actor);
      const [folders, forms, definitions, counts] = await Promise.all([
        repo.findFolders(),
        repo.findForms({ activeOnly: false }),
        repo.findCurrentDefinitions(),
        repo.countSubmissionsByForm(),
      ]);
      return folders.map((folder) => ({
        _id: folder.id,
        name: folder.name,
        position: folder.position,
        forms: forms
          .filter((f) => f.folderId === folder.id)
          .map((f) => toFormAdminView(f, definitions.get(f.id) ?? null, counts.get(f.id) ?? 0)),
      }));
    },

    async createFolder(actor: AuthUser, name: string, ip: string | null) {
      requireCircleAdmin(actor);
      await assertFolderNameFree(name);
      const folder = await db.transaction(async (tx) => {
        const r = createFormsRepository(tx);
        await r.lockFolders();
        const created = await r.insertFolder(name, clock.now());
        await record(tx, actor, 'form.folder.created', created.id, `Created the form folder "${name}"`, ip);
        return created;
      });
      return { _id: folder.id, name: folder.name, position: folder.position };
    },

    async renameFolder(actor: AuthUser, folderId: string, name: string, ip: string | null) {
      requireCircleAdmin(actor);
      const folder = await repo.findFolder(folderId);
      if (!folder) throw new AppError('NOT_FOUND', errorMessages.notFound);
      await assertFolderNameFree(name, folder.id);
      const renamed = await db.transaction(async (tx) => {
        const row = (await createFormsRepository(tx).renameFolder(folder.id, name))!;
        await record(
          tx,
          actor,
          'form.folder.renamed',
          folder.id,
          `Renamed the form folder "${folder.name}" to "${name}"`,
          ip,
        );
        return row;
      });
      return { _id: renamed.id, name: renamed.name, position: renamed.position };
    },

    /** The folders' new order: every folder named exactly once. */
    async orderFolders(actor: AuthUser, folderIds: string[], ip: string | null) {
      requireCircleAdmin(actor);
      const folders = await db.transaction(async (tx) => {
        const r = createFormsRepository(tx);
        // Every folder held first, in one order: two reorders at once then apply one after the other.
        const locked = await r.lockFolders();
        const known = new Set(locked.map((f) => f.id));
        if (
          new Set(folderIds).size !== folderIds.length ||
          folderIds.length !== known.size ||
          !folderIds.every((id) => known.has(id))
        ) {
          throw invalid('folderIds', formTexts.folderOrderInvalid);
        }
        for (const [i, id] of folderIds.entries()) await r.setFolderPosition(id, i + 1);
        await audit.record(tx, {
          actorUserId: actor.id,
          action: 'form.folders.ordered',
          entityType: 'form_folder',
          message: 'Reordered the form folders',
          ip,
        });
        return locked;
      });
      return folderIds.map((id, i) => ({
        _id: id,
        name: folders.find((f) => f.id === id)!.name,
        position: i + 1,
      }));
    },

    async createForm(actor: AuthUser, input: FormInput, ip: string | null): Promise<FormAdminView> {
      requireCircleAdmin(actor);
      await checkInput(input);
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        const r = createFormsRepository(tx);
        const form = await r.insertForm({
          folderId: input.folderId,
          title: input.title,
          kind: input.kind,
          url: input.kind === 'EXTERNAL' ? input.url : null,
          secret: input.kind === 'EXTERNAL' ? randomBytes(32).toString('hex') : null,
          prefill: input.prefill,
          currentVersion: 1,
          retired: input.retired,
          position: await r.nextFormPosition(input.folderId),
          createdAt: now,
          updatedAt: now,
        });
        if (input.kind === 'HOSTED') {
          await r.insertVersion({
            formId: form.id,
            version: 1,
            definition: input.definition,
            createdAt: now,
          });
        }
        await record(tx, actor, 'form.created', form.id, `Created the form "${input.title}"`, ip);
        return form.id;
      });
      return view(id);
    },

    /** A hosted definition that changed makes a new version; old submissions keep theirs. */
    async updateForm(
      actor: AuthUser,
      formId: string,
      input: FormInput,
      ip: string | null,
    ): Promise<FormAdminView> {
      requireCircleAdmin(actor);
      await checkInput(input);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const r = createFormsRepository(tx);
        const form = await r.lockForm(formId);
        if (!form) throw new AppError('NOT_FOUND', errorMessages.notFound);
        let currentVersion = form.currentVersion;
        if (input.kind === 'HOSTED') {
          const current = await r.findVersion(form.id, form.currentVersion);
          if (!current || canonicalJson(current.definition) !== canonicalJson(input.definition)) {
            if (current) currentVersion += 1;
            await r.insertVersion({
              formId: form.id,
              version: currentVersion,
              definition: input.definition,
              createdAt: now,
            });
          }
        }
        await r.updateForm(form.id, {
          folderId: input.folderId,
          title: input.title,
          kind: input.kind,
          url: input.kind === 'EXTERNAL' ? input.url : null,
          secret: input.kind === 'EXTERNAL' ? (form.secret ?? randomBytes(32).toString('hex')) : form.secret,
          prefill: input.prefill,
          currentVersion,
          retired: input.retired,
          position:
            form.folderId === input.folderId ? form.position : await r.nextFormPosition(input.folderId),
          updatedAt: now,
        });
        await record(tx, actor, 'form.updated', formId, `Edited the form "${input.title}"`, ip);
      });
      return view(formId);
    },
  };
}

export type FormAdminService = ReturnType<typeof createFormAdminService>;
