import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OutboxService } from './outbox.service.js';

/** Outside production only: the demo and the tests read sign-in codes and links from here. */
export function devOutboxRoutes(app: FastifyInstance, outbox: OutboxService) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dev/outbox',
    {
      config: { public: true },
      schema: { tags: ['dev'], querystring: z.object({ to: z.string().max(320).optional() }) },
    },
    async (req) => ({ data: await outbox.listRecent(req.query.to) }),
  );
}
