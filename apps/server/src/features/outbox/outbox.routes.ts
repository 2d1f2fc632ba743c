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
      schema: {
        tags: ['dev'],
        querystring: z.object({
          // A '+' typed in an address reaches the server as a space: '?to=+15035550142' is that number.
          to: z
            .string()
            .max(320)
            .transform((to) => to.replace(/^ (?=\d)/, '+'))
            .optional(),
        }),
      },
    },
    async (req) => ({ data: await outbox.listRecent(req.query.to) }),
  );
}
