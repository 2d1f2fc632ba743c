import {
  AppError,
  CreateUserRequest,
  errorMessages,
  GraphFilterDataRequest,
  portals,
  UpdateFiltersRequest,
  UpdateUserRequest,
  UserActiveStatusRequest,
  UserPickerQuery,
} from '@vigil/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UsersService } from './users.service.js';

const UserIdParams = z.object({ id: z.string().max(100) });

export function usersRoutes(app: FastifyInstance, users: UsersService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/users',
    {
      schema: {
        tags: ['users'],
        querystring: UserPickerQuery.extend({
          clinicId: z.string().max(100).optional(),
          'role.portal': z.enum(portals).optional(),
        }),
      },
    },
    // One path, two uses (spec patients 7, administration 7): with a picker parameter it answers the
    // pickers' names; without, the administrators' users list.
    async (req) => {
      const { roleType, clinics, includeCN, clinicId } = req.query;
      const withNavigators = includeCN === 'true' || includeCN === '1';
      if (roleType || clinics !== undefined || withNavigators)
        return { data: await users.listOptions(req.user, { roleType, clinics, includeCN: withNavigators }) };
      return { data: await users.list(req.user, { clinicId }) };
    },
  );

  api.put(
    '/users/updateFilters/:userId',
    {
      schema: {
        tags: ['users'],
        params: z.object({ userId: z.string().max(100) }),
        body: UpdateFiltersRequest,
      },
    },
    async (req) => users.updateFilters(req.user, req.params.userId, req.body),
  );

  api.put(
    '/users/updateGraphFilterData/:userId',
    {
      schema: {
        tags: ['users'],
        params: z.object({ userId: z.string().max(100) }),
        body: GraphFilterDataRequest,
      },
    },
    async (req) => ({ data: await users.updateGraphFilterData(req.user, req.params.userId, req.body) }),
  );

  // Declared before /users/:id so the literal path wins.
  api.get('/users/autoPasswordGeneration', { schema: { tags: ['users'] } }, async (req) => ({
    password: users.generatePassword(req.user),
  }));

  api.get('/users/:id', { schema: { tags: ['users'], params: UserIdParams } }, async (req) => ({
    data: await users.get(req.user, req.params.id),
  }));

  api.post('/users', { schema: { tags: ['users'], body: CreateUserRequest } }, async (req, reply) =>
    reply.status(201).send({ data: await users.create(req.user, req.body, req.ip) }),
  );

  api.put(
    '/users/:id',
    { schema: { tags: ['users'], params: UserIdParams, body: UpdateUserRequest } },
    async (req) => ({
      data: await users.update(req.user, req.params.id, req.body, req.ip),
    }),
  );

  api.patch(
    '/users/:id/change-active-status',
    { schema: { tags: ['users'], params: UserIdParams, body: UserActiveStatusRequest } },
    async (req) => ({
      data: await users.changeActiveStatus(req.user, req.params.id, req.body.activeStatus, req.ip),
    }),
  );

  api.post(
    '/users/account/avatar',
    { schema: { tags: ['users'], consumes: ['multipart/form-data'] } },
    async (req) => {
      const file = await req.file();
      if (!file)
        throw new AppError('VALIDATION', errorMessages.avatarMissing, { file: errorMessages.avatarMissing });
      const bytes = await file.toBuffer();
      return { data: { uploadedAt: await users.uploadAvatar(req.user, bytes, req.ip) } };
    },
  );
}
