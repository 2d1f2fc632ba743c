import { AuditTrailQuery } from '@vigil/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditTrailService } from './audit-trail.service.js';

const PatientParams = z.object({ patientId: z.string().max(100) });

/** GET /auditTrailLogs/{patientId} of spec patients 7, spelled as there. */
export function auditTrailRoutes(app: FastifyInstance, trail: AuditTrailService) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/auditTrailLogs/:patientId',
      { schema: { tags: ['audit'], params: PatientParams, querystring: AuditTrailQuery } },
      async (req) => trail.trail(req.user, req.params.patientId, req.query, req.ip),
    );
}
