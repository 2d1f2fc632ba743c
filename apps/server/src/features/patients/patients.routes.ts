import {
  BulkTimeQuery,
  BulkTimeRequest,
  ClinicianListQuery,
  PatientGetQuery,
  PatientIdParams,
  PriorityListQuery,
  TrackTimeBody,
} from '@vigil/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PatientsService } from './patients.service.js';

/**
 * The form's values as the browser holds them. Their rules depend on who asks and on the saved patient
 * (portal, add or edit, the saved consent), so the service parses them with the core's `patientForm`.
 */
const PatientFormBody = z.record(z.string(), z.unknown());

/** The /pacients calls of spec patients 7, spelled as there. */
export function patientsRoutes(app: FastifyInstance, patients: PatientsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['patients'];

  api.post('/pacients', { schema: { tags, body: PatientFormBody } }, async (req, reply) =>
    reply.status(201).send({ data: await patients.create(req.user, req.body, req.ip) }),
  );

  // The literal paths are declared before /pacients/:id so they win.
  api.get(
    '/pacients/patient-priority-list',
    { schema: { tags, querystring: PriorityListQuery } },
    async (req) => patients.priorityList(req.user, req.query, req.ip),
  );

  api.get(
    '/pacients/clinician-patient-list',
    { schema: { tags, querystring: ClinicianListQuery } },
    async (req) => patients.clinicianList(req.user, req.query, req.ip),
  );

  // The spec writes `pacients/bulkTimeTrack/?{filters}`: both spellings of the path are served.
  for (const url of ['/pacients/bulkTimeTrack', '/pacients/bulkTimeTrack/']) {
    api.post(url, { schema: { tags, querystring: BulkTimeQuery, body: BulkTimeRequest } }, async (req) => ({
      data: await patients.bulkTime(req.user, req.query, req.body, req.ip),
    }));
  }

  api.get(
    '/pacients/:id',
    { schema: { tags, params: PatientIdParams, querystring: PatientGetQuery } },
    async (req) => ({ data: await patients.get(req.user, req.params.id, 'form', req.ip) }),
  );

  api.get('/pacients/:id/details', { schema: { tags, params: PatientIdParams } }, async (req) => ({
    data: await patients.details(req.user, req.params.id, req.ip),
  }));

  api.put(
    '/pacients/:id',
    { schema: { tags, params: PatientIdParams, body: PatientFormBody } },
    async (req) => ({ data: await patients.update(req.user, req.params.id, req.body, req.ip) }),
  );

  // The detail page's Active Issues and Medications: `{ activeIssues }` or `{ medications }` (decision 0010).
  api.patch(
    '/pacients/:id',
    { schema: { tags, params: PatientIdParams, body: PatientFormBody } },
    async (req) => ({ data: await patients.patch(req.user, req.params.id, req.body, req.ip) }),
  );

  api.post(
    '/pacients/:id/track',
    { schema: { tags, params: PatientIdParams, body: TrackTimeBody } },
    async (req) => ({ data: await patients.track(req.user, req.params.id, req.body, req.ip) }),
  );

  api.post(
    '/pacients/:id/mark-monthly-reviewed',
    { schema: { tags, params: PatientIdParams } },
    async (req) => ({ data: await patients.markReviewed(req.user, req.params.id, req.ip) }),
  );
}
