import { FormFolderInput, FormFolderOrder, FormInput } from '@vigil/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type FormAdminService, requireCircleAdmin } from './form-admin.service.js';

const FolderParams = z.object({ folderId: z.string().max(100) });
const FormParams = z.object({ formId: z.string().max(100) });

/** Managing forms and folders (issue 13): operator administrators only. */
export function formAdminRoutes(app: FastifyInstance, admin: FormAdminService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['forms'];
  // Before the body is read, so a non-admin learns nothing from validation messages (403 either way).
  const preValidation = async (req: FastifyRequest) => requireCircleAdmin(req.user);

  api.get('/form-admin', { preValidation, schema: { tags } }, async (req) => ({
    data: await admin.list(req.user),
  }));

  api.post(
    '/form-admin/folders',
    { preValidation, schema: { tags, body: FormFolderInput } },
    async (req, reply) =>
      reply.status(201).send({ data: await admin.createFolder(req.user, req.body.name, req.ip) }),
  );

  api.put(
    '/form-admin/folders/:folderId',
    { preValidation, schema: { tags, params: FolderParams, body: FormFolderInput } },
    async (req) => ({ data: await admin.renameFolder(req.user, req.params.folderId, req.body.name, req.ip) }),
  );

  api.put(
    '/form-admin/folder-order',
    { preValidation, schema: { tags, body: FormFolderOrder } },
    async (req) => ({
      data: await admin.orderFolders(req.user, req.body.folderIds, req.ip),
    }),
  );

  api.post('/form-admin/forms', { preValidation, schema: { tags, body: FormInput } }, async (req, reply) =>
    reply.status(201).send({ data: await admin.createForm(req.user, req.body, req.ip) }),
  );

  api.put(
    '/form-admin/forms/:formId',
    { preValidation, schema: { tags, params: FormParams, body: FormInput } },
    async (req) => ({
      data: await admin.updateForm(req.user, req.params.formId, req.body, req.ip),
    }),
  );
}
