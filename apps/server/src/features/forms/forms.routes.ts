import {
  AppError,
  FormLinkRequest,
  FormSubmissionRequest,
  formFileMaxBytes,
  formTexts,
  numberOrText,
} from '@vigil/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../lib/content-disposition.js';
import type { UploadedFile } from './form-files.js';
import type { FormsService } from './forms.service.js';

const PatientParams = z.object({ patientId: z.string().max(100) });
const SubmissionParams = PatientParams.extend({ submissionId: z.string().max(100) });
const FileParams = PatientParams.extend({ fileId: z.string().max(100) });
const FormParams = z.object({ formId: z.string().max(100) });
const PageQuery = z.object({
  page: numberOrText(z.number().int().min(1).max(100_000)).default(1),
  pageSize: numberOrText(z.number().int().min(1).max(100)).default(10),
});
const DefinitionQuery = z.object({ patientId: z.string().max(100).optional() });

/** The one file of a multipart upload, at most 10 MB (413 beyond); 400 without one. */
export async function readUpload(req: FastifyRequest): Promise<UploadedFile> {
  const file = await req.file({ limits: { fileSize: formFileMaxBytes, files: 1 } });
  if (!file) throw new AppError('VALIDATION', formTexts.fileMissing, { file: formTexts.fileMissing });
  try {
    return { fileName: file.filename, bytes: await file.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
    throw new AppError('PAYLOAD_TOO_LARGE', formTexts.fileTooLarge, { file: formTexts.fileTooLarge });
  }
}

/** Sends a stored file as a download, named safely, never sniffed. */
export function sendFile(reply: FastifyReply, file: { bytes: Buffer; name: string; type: string }) {
  return reply
    .type(file.type)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', contentDisposition('attachment', file.name))
    .send(file.bytes);
}

/** The forms panel's calls (spec patients 7; issue 13), signed in, every patient scoped. */
export function formsRoutes(app: FastifyInstance, forms: FormsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['forms'];

  api.get('/forms', { schema: { tags } }, async () => ({ data: await forms.folders() }));

  api.get(
    '/forms/:patientId',
    { schema: { tags, params: PatientParams, querystring: PageQuery } },
    async (req) => {
      const data = await forms.submissions(req.user, req.params.patientId, req.query, req.ip);
      return { data };
    },
  );

  api.get(
    '/forms/:patientId/submissions/:submissionId',
    { schema: { tags, params: SubmissionParams } },
    async (req) => {
      const data = await forms.submission(req.user, req.params.patientId, req.params.submissionId, req.ip);
      return { data };
    },
  );

  api.post(
    '/forms/:patientId/submissions',
    { schema: { tags, params: PatientParams, body: FormSubmissionRequest } },
    async (req, reply) =>
      reply.status(201).send({ data: await forms.submit(req.user, req.params.patientId, req.body, req.ip) }),
  );

  api.post(
    '/forms/:patientId/files',
    { schema: { tags, params: PatientParams, consumes: ['multipart/form-data'] } },
    async (req, reply) => {
      const file = await readUpload(req);
      return reply
        .status(201)
        .send({ data: await forms.upload(req.user, req.params.patientId, file, req.ip) });
    },
  );

  api.get('/forms/:patientId/files/:fileId', { schema: { tags, params: FileParams } }, async (req, reply) =>
    sendFile(reply, await forms.file(req.user, req.params.patientId, req.params.fileId, req.ip)),
  );

  api.post(
    '/forms/:patientId/links',
    { schema: { tags, params: PatientParams, body: FormLinkRequest } },
    async (req, reply) =>
      reply
        .status(201)
        .send({ data: await forms.sendLink(req.user, req.params.patientId, req.body.formId, req.ip) }),
  );

  api.get(
    '/form-definitions/:formId',
    { schema: { tags, params: FormParams, querystring: DefinitionQuery } },
    async (req) => {
      const patientId = req.query.patientId;
      if (!patientId) {
        throw new AppError('VALIDATION', formTexts.patientRequired, { patientId: formTexts.patientRequired });
      }
      const data = await forms.definition(req.user, req.params.formId, patientId, req.ip);
      return { data };
    },
  );
}
