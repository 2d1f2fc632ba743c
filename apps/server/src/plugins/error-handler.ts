import { AppError, type ErrorBody, messages } from '@vigil/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isUniqueViolation } from '../db/errors.js';

/** Fastify's own client-error codes, answered with their status and a plain message. */
const clientErrors: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Request body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Request body is not valid JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid content length' },
  FST_ERR_CTP_INVALID_CONTENT_TYPE: { status: 415, message: 'Unsupported content type' },
  FST_ERR_INVALID_URL: { status: 400, message: 'Invalid URL' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: 'Expected a multipart upload' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: 'The file is too large' },
  FST_FILES_LIMIT: { status: 413, message: 'Too many files' },
  FST_PARTS_LIMIT: { status: 413, message: 'Too many parts' },
};

/**
 * The one place where failures become HTTP answers (DESIGN section 2). A 5xx never carries details:
 * the cause goes to the log, the client gets 'Server error'.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      // A failure of something upstream (a vendor, Twilio): the user gets the product's message, the log the
      // error with what it carries (the vendor, its status, the cause), for whoever runs the server.
      if (error.status >= 500) request.log.error({ err: error }, 'request failed upstream');
      if (error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter));
      const body: ErrorBody = { message: error.message, code: error.code };
      if (error.fields) body.fields = error.fields;
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= issue.message ?? messages.required;
      }
      const first = Object.values(fields)[0] ?? 'Invalid input';
      return reply.status(400).send({ message: first, code: 'VALIDATION', fields } satisfies ErrorBody);
    }
    // Two requests saving the same unique thing at once: the loser's check passed before the winner's
    // commit, and the database's unique index refused it. Nothing of it was stored.
    if (isUniqueViolation(error)) {
      return reply
        .status(409)
        .send({ message: messages.savedAtTheSameTime, code: 'CONFLICT' } satisfies ErrorBody);
    }
    // A multipart body the parser (busboy) cannot read, having no boundary or being cut short: its errors
    // carry no status, but the fault is the upload's.
    if (/^(Multipart: |Unexpected end of (form|multipart data))/.test(error.message)) {
      return reply
        .status(400)
        .send({ message: 'The upload could not be read', code: 'BAD_MULTIPART' } satisfies ErrorBody);
    }
    const known = error.code ? clientErrors[error.code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message, code: error.code });
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ message: 'Too many requests. Please try again later.', code: 'TOO_MANY_REQUESTS' });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: 'Invalid request', code: error.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: messages.serverError, code: 'INTERNAL' } satisfies ErrorBody);
  });
}
