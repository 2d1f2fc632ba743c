import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FileStorage } from '../../integrations/storage/storage.js';

const contentTypes: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png' };

/**
 * Avatars are public to whoever holds their URL: an <img> cannot send a bearer token, and the names are
 * random UUIDs. They are staff pictures, never patient data.
 */
export function uploadsRoutes(app: FastifyInstance, storage: FileStorage) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/uploads/avatars/:name',
    {
      config: { public: true },
      schema: {
        tags: ['uploads'],
        params: z.object({ name: z.string().regex(/^[0-9a-f-]{36}\.(jpg|png)$/) }),
      },
    },
    async (req, reply) => {
      const bytes = await storage.get(`avatars/${req.params.name}`);
      if (!bytes) return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
      const extension = req.params.name.split('.').pop()!;
      return reply
        .type(contentTypes[extension]!)
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .send(bytes);
    },
  );
}
