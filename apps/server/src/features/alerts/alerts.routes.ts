import { createAlertRequest, DismissAlertRequest, snoozeAlertRequest } from '@vigil/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AlertsService } from './alerts.service.js';

const AlertIdParams = z.object({ id: z.string().max(100) });

/**
 * The alert calls of spec patients 7 (decision 0010). The dates must lie in the future of the server's
 * clock, which is why the schemas are built with `now`.
 */
export function alertsRoutes(app: FastifyInstance, alerts: AlertsService, now: () => Date) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['alerts'];

  api.post('/alerts', { schema: { tags, body: createAlertRequest(now) } }, async (req, reply) =>
    reply.status(201).send({ data: await alerts.create(req.user, req.body, req.ip) }),
  );

  api.post(
    '/alerts/:id/snooze',
    { schema: { tags, params: AlertIdParams, body: snoozeAlertRequest(now) } },
    async (req) => ({ data: await alerts.snooze(req.user, req.params.id, req.body.snoozeUntil, req.ip) }),
  );

  // The body is optional: the page's plain Clear sends none, 'Save & Clear' sends the note.
  api.post(
    '/alerts/:id/dismiss',
    { schema: { tags, params: AlertIdParams, body: DismissAlertRequest.nullish() } },
    async (req) => ({ data: await alerts.dismiss(req.user, req.params.id, req.body?.note, req.ip) }),
  );
}
