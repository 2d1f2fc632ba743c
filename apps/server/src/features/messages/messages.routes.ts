import {
  AppError,
  SendMessageRequest,
  SetLastAddressedRequest,
  SmsAttachmentParams,
  SmsPatientParams,
  textMessageTexts,
} from '@vigil/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../lib/content-disposition.js';
import { inlineContentTypes } from './attachment-content.js';
import type { MessagesService } from './messages.service.js';

/** The messages panel's calls (spec patients 7; decision 0011). */
export function messagesRoutes(app: FastifyInstance, messages: MessagesService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];

  api.get('/sms/:patientId', { schema: { tags, params: SmsPatientParams } }, async (req) => {
    const data = await messages.view(req.user, req.params.patientId, req.ip);
    return { data };
  });

  api.post(
    '/sms/:patientId/attachment',
    { schema: { tags, params: SmsPatientParams, consumes: ['multipart/form-data'] } },
    async (req, reply) => {
      const file = await req.file();
      if (!file) {
        throw new AppError('VALIDATION', textMessageTexts.attachmentMissing, {
          file: textMessageTexts.attachmentMissing,
        });
      }
      const bytes = await file.toBuffer();
      const data = await messages.upload(
        req.user,
        req.params.patientId,
        { fileName: file.filename, bytes },
        req.ip,
      );
      return reply.status(201).send({ data });
    },
  );

  api.post(
    '/sms/:patientId',
    { schema: { tags, params: SmsPatientParams, body: SendMessageRequest } },
    async (req, reply) =>
      reply.status(201).send({ data: await messages.send(req.user, req.params.patientId, req.body, req.ip) }),
  );

  api.post(
    '/sms/set-last-addressed/:patientId',
    { schema: { tags, params: SmsPatientParams, body: SetLastAddressedRequest } },
    async (req) => ({
      data: await messages.setLastAddressed(req.user, req.params.patientId, req.body.date, req.ip),
    }),
  );

  api.get(
    '/sms/:patientId/attachments/:attachmentId',
    { schema: { tags, params: SmsAttachmentParams } },
    async (req, reply) => {
      const file = await messages.attachment(req.user, req.params.patientId, req.params.attachmentId, req.ip);
      const disposition = inlineContentTypes.has(file.contentType) ? 'inline' : 'attachment';
      return reply
        .type(file.contentType)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', contentDisposition(disposition, file.fileName))
        .send(file.bytes);
    },
  );
}
