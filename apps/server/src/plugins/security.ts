import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export type SecurityHeaders = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * A strict Content-Security-Policy: scripts only from this origin. Styles allow inline because MUI's
 * emotion injects style elements at run time; no script can be injected through that. Frames: the forms
 * panel frames the app's own hosted form page and the configured external form hosts (FORM_HOSTS), and only
 * this origin may frame the app.
 *
 * Helmet is built once, here: `@fastify/helmet` built it again, parsing the policy, on every request
 * (about 4% of a patient GET's server time, decision 0015).
 */
export function createSecurityHeaders(formHosts: readonly string[] = []): SecurityHeaders {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", ...formHosts],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  return (req, res, next) => setHeaders(req, res, () => next());
}

const apiPath = /^\/api(\/|$|\?)/;

/**
 * Every answer of the app's routes carries the headers (a URL no route can read: see `frameworkErrors`). The
 * API's answers hold patient data and session tokens: no cache keeps them, unless a route says otherwise.
 */
export function registerSecurityHeaders(app: FastifyInstance, setHeaders: SecurityHeaders) {
  app.addHook('onRequest', (req, reply, done) => {
    // The route the router found ('/%61pi/...' is '/api/...' to it), else the path asked for.
    if (apiPath.test(req.routeOptions.url ?? req.url)) reply.header('cache-control', 'no-store');
    setHeaders(req.raw, reply.raw, done);
  });
}
