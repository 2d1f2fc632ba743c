import { PatientIdParams } from '@vigil/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CallsService } from './calls.service.js';

/** The call logging of spec patients 7: empty bodies; the answer is the header's two dates. */
export function callsRoutes(app: FastifyInstance, calls: CallsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['patients'];

  api.post(
    '/pacients/:id/log-attempted-call',
    { schema: { tags, params: PatientIdParams } },
    async (req) => ({
      data: await calls.log(req.user, req.params.id, 'attempted', req.ip),
    }),
  );

  api.post(
    '/pacients/:id/log-completed-call',
    { schema: { tags, params: PatientIdParams } },
    async (req) => ({
      data: await calls.log(req.user, req.params.id, 'completed', req.ip),
    }),
  );
}
