import { formSignatureHeader } from '@vigil/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FormWebhookService } from './form-webhook.service.js';

const FormParams = z.object({ formId: z.string().max(100) });

/**
 * External forms' submissions (issue 13): public but signed over the raw body, so this scope reads JSON as
 * bytes and the service checks the signature before it parses anything. 201 when stored, 200 when it was
 * already (a delivery repeated).
 */
export function formWebhookRoutes(app: FastifyInstance, webhook: FormWebhookService) {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 1_048_576 },
      (_req, body, done) => done(null, body),
    );
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.post(
      '/webhooks/forms/:formId',
      { config: { public: true }, schema: { tags: ['webhooks'], params: FormParams } },
      async (req, reply) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const header = req.headers[formSignatureHeader];
        const outcome = await webhook.receive(
          req.params.formId,
          raw,
          Array.isArray(header) ? header[0] : header,
          req.ip,
        );
        return reply
          .status(outcome.created ? 201 : 200)
          .send({ data: { submissionId: outcome.submissionId } });
      },
    );
  });
}
