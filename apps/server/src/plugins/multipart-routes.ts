import { AppError } from '@vigil/core';
import type { FastifyInstance } from 'fastify';

/** Fastify's own wording for a body of a type the route does not read. */
const unsupported = 'Unsupported content type';

/**
 * The multipart parser is registered for the whole API, for its few upload routes (those whose schema
 * `consumes` multipart/form-data). Any other route sent a multipart body would see no body at all and answer
 * 'Required', or read it as empty: such a request is refused with 415, as a text body is, before anything
 * of it is read.
 */
export function refuseMultipartElsewhere(app: FastifyInstance): void {
  // After authentication, for a route that exists: an unknown path is 404 and a stranger 401, as for a
  // text body.
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.url) return;
    if (!/^multipart\//i.test(request.headers['content-type'] ?? '')) return;
    if (request.routeOptions.schema?.consumes?.includes('multipart/form-data')) return;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', unsupported);
  });
}
