import { MonthlyNoteSaveRequest } from '@vigil/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MonthlyNotesService } from './monthly-notes.service.js';

const PatientParams = z.object({ patientId: z.string().max(100) });

/** The monthly notes calls of spec patients 7, spelled as there. */
export function monthlyNotesRoutes(app: FastifyInstance, monthlyNotes: MonthlyNotesService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['monthly notes'];

  // The spec writes the list's path with a trailing slash: both spellings are served.
  for (const url of ['/monthlyNotes/patient/:patientId', '/monthlyNotes/patient/:patientId/']) {
    api.get(url, { schema: { tags, params: PatientParams } }, async (req) => ({
      data: await monthlyNotes.list(req.user, req.params.patientId, req.ip),
    }));
  }

  api.post(
    '/monthlyNotes/:patientId',
    { schema: { tags, params: PatientParams, body: MonthlyNoteSaveRequest } },
    async (req) => ({ data: await monthlyNotes.save(req.user, req.params.patientId, req.body, req.ip) }),
  );
}
