import { FormLinkSubmissionRequest } from '@vigil/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FormLinksService } from './form-links.service.js';
import { readUpload } from './forms.routes.js';

const TokenParams = z.object({ token: z.string().min(1).max(200) });

/** The patient's link (issue 13): public, the token is the credential, limited per address. */
export function formLinksRoutes(
  app: FastifyInstance,
  links: FormLinksService,
  limits: { perMinute: number },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['forms'];
  const config = { public: true, rateLimit: { max: limits.perMinute, timeWindow: '1 minute' } };

  api.get('/form-links/:token', { config, schema: { tags, params: TokenParams } }, async (req) => {
    const data = await links.open(req.params.token, req.ip);
    return { data };
  });

  api.post(
    '/form-links/:token/files',
    { config, schema: { tags, params: TokenParams, consumes: ['multipart/form-data'] } },
    async (req, reply) => {
      const file = await readUpload(req);
      return reply.status(201).send({ data: await links.upload(req.params.token, file, req.ip) });
    },
  );

  api.post(
    '/form-links/:token',
    { config, schema: { tags, params: TokenParams, body: FormLinkSubmissionRequest } },
    async (req, reply) =>
      reply.status(201).send({ data: await links.submit(req.params.token, req.body.data, req.ip) }),
  );
}
