import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app, and its index.html for any other GET outside /api so that client routes
 * load directly (SPA fallback). Without a build (API tests), unknown paths answer JSON 404.
 */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (hasBuild && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
  });
}
