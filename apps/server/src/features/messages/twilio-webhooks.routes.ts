import { AppError, errorMessages } from '@vigil/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import twilio from 'twilio';
import { z } from 'zod';
import { acceptFormBodies } from '../../integrations/vendors/form-body.js';
import type { TwilioWebhooksService } from './twilio-webhooks.service.js';

const emptyTwiml = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/** Twilio's form parameters: strings only (a repeated name keeps its last value). */
const formParams = (body: unknown): Record<string, string> => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
};

/**
 * Twilio's webhooks (vendors.md, decision 0011), public (no session) but signed: `X-Twilio-Signature`
 * checked with the SDK's `validateRequest` against PUBLIC_URL plus the path Twilio called, since a proxy
 * changes the host. A missing or wrong signature answers 403 and stores nothing. Outside production with no
 * TWILIO_AUTH_TOKEN the demo token checks them (config.ts); in production without one, every call is 403.
 */
export function twilioWebhooksRoutes(
  app: FastifyInstance,
  deps: { service: TwilioWebhooksService; authToken: string | undefined; publicUrl: string },
) {
  app.register(async (scope) => {
    acceptFormBodies(scope);
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['webhooks'];
    const config = { public: true };

    const checkSignature = async (req: FastifyRequest) => {
      const signature = req.headers['x-twilio-signature'];
      const valid =
        deps.authToken !== undefined &&
        typeof signature === 'string' &&
        twilio.validateRequest(
          deps.authToken,
          signature,
          `${deps.publicUrl}${req.url}`,
          formParams(req.body),
        );
      if (!valid) throw new AppError('FORBIDDEN', errorMessages.webhookUnauthorized);
    };

    api.post(
      '/webhooks/twilio/sms',
      { config, schema: { tags }, preValidation: checkSignature },
      async (req, reply) => {
        await deps.service.receiveText(formParams(req.body));
        return reply.type('text/xml').send(emptyTwiml);
      },
    );

    api.post(
      '/webhooks/twilio/status',
      {
        config,
        schema: { tags, querystring: z.object({ text: z.string().max(100).optional() }) },
        preValidation: checkSignature,
      },
      async (req, reply) => {
        await deps.service.updateStatus(formParams(req.body), req.query.text);
        return reply.type('text/xml').send(emptyTwiml);
      },
    );

    api.get(
      '/webhooks/twilio/media/:messageId/:attachmentId',
      {
        config,
        schema: {
          tags,
          params: z.object({ messageId: z.string().max(100), attachmentId: z.string().max(100) }),
          querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(200) }),
        },
      },
      async (req, reply) => {
        const { messageId, attachmentId } = req.params;
        const file = await deps.service.media(
          messageId,
          attachmentId,
          req.query.expires,
          req.query.signature,
        );
        if (!file) throw new AppError('NOT_FOUND', errorMessages.notFound);
        return (
          reply
            .type(file.contentType)
            .header('Cache-Control', 'private, no-store')
            .header('X-Content-Type-Options', 'nosniff')
            // Any file a patient was sent: never shown as a page of this site, whatever its type.
            .header('Content-Disposition', 'attachment')
            .header('Content-Security-Policy', 'sandbox')
            .send(file.bytes)
        );
      },
    );
  });
}
