import type { FastifyInstance } from 'fastify';

export function healthRoutes(app: FastifyInstance, ping: () => Promise<boolean>) {
  app.get('/health', { config: { public: true }, schema: { tags: ['health'] } }, async () => ({
    status: 'ok',
  }));
  app.get('/ready', { config: { public: true }, schema: { tags: ['health'] } }, async (_req, reply) => {
    const ready = await ping().catch(() => false);
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'database unavailable' });
  });
}
