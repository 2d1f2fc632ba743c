import { manualReadingsRequest, PatientIdParams, ReadingsRangeRequest } from '@vigil/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { PatientReadingsService } from './patient-readings.service.js';

const ReadingIdParams = z.object({ id: z.string().max(100) });

/** The detail page's readings calls (spec patients 7, decision 0010). */
export function readingsRoutes(app: FastifyInstance, readings: PatientReadingsService, clock: Clock) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['readings'];
  // "In the future" is judged by the server's clock, the one the tests move.
  const ManualReadingsBody = manualReadingsRequest(() => clock.now());

  api.get(
    '/pacients/:id/readings',
    { schema: { tags, params: PatientIdParams, querystring: ReadingsRangeRequest } },
    async (req) => ({ data: await readings.listInRange(req.user, req.params.id, req.query, req.ip) }),
  );

  api.post(
    '/pacients/:id/bp-readings',
    { schema: { tags, params: PatientIdParams, body: ManualReadingsBody } },
    async (req, reply) =>
      reply.status(201).send({ data: await readings.addManual(req.user, req.params.id, req.body.readings) }),
  );

  api.delete('/readings/:id', { schema: { tags, params: ReadingIdParams } }, async (req) => ({
    data: await readings.remove(req.user, req.params.id),
  }));
}
