import { NewClinicForm, UpdateClinicRequest } from '@vigil/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ClinicsService } from './clinics.service.js';

const flag = z.enum(['1', 'true', '0', 'false']).transform((v) => v === '1' || v === 'true');
const ClinicIdParams = z.object({ id: z.string().max(100) });

export function clinicsRoutes(app: FastifyInstance, clinics: ClinicsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/clinics',
    {
      schema: {
        tags: ['clinics'],
        querystring: z.object({ active: flag.optional(), withUsers: flag.optional() }),
      },
    },
    async (req) => ({ data: await clinics.list(req.user, req.query) }),
  );

  api.get('/clinics/:id', { schema: { tags: ['clinics'], params: ClinicIdParams } }, async (req) => ({
    data: await clinics.get(req.user, req.params.id),
  }));

  api.put(
    '/clinics/:id',
    { schema: { tags: ['clinics'], params: ClinicIdParams, body: UpdateClinicRequest } },
    async (req) => ({ data: await clinics.update(req.user, req.params.id, req.body, req.ip) }),
  );

  api.post('/clinics', { schema: { tags: ['clinics'], body: NewClinicForm } }, async (req, reply) =>
    reply.status(201).send({ data: await clinics.create(req.user, req.body, req.ip) }),
  );
}
