import { PatientIdParams, StaffNoteForm, StaffNoteRequest } from '@vigil/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { NotesService } from './notes.service.js';

const NoteParams = PatientIdParams.extend({ noteId: z.string().max(100) });

/** The staff notes calls of spec patients 7. */
export function notesRoutes(app: FastifyInstance, notes: NotesService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notes'];

  api.get('/pacients/:id/notes', { schema: { tags, params: PatientIdParams } }, async (req) => ({
    data: await notes.list(req.user, req.params.id, req.ip),
  }));

  api.post(
    '/pacients/:id/notes',
    { schema: { tags, params: PatientIdParams, body: StaffNoteRequest } },
    async (req, reply) =>
      reply.status(201).send({ data: await notes.add(req.user, req.params.id, req.body, req.ip) }),
  );

  api.patch(
    '/pacients/:id/notes/:noteId',
    { schema: { tags, params: NoteParams, body: StaffNoteForm } },
    async (req) => ({ data: await notes.edit(req.user, req.params.id, req.params.noteId, req.body, req.ip) }),
  );
}
