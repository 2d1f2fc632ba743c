import {
  ChangePasswordRequest,
  LoginRequest,
  LoginResponse,
  RecoverForm,
  SessionUser,
  SetPasswordRequest,
} from '@vigil/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthService } from './auth.service.js';

const Message = z.object({ message: z.string() });

export function authRoutes(app: FastifyInstance, auth: AuthService, limits: { perMinute: number }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const perAddress = { max: limits.perMinute, timeWindow: '1 minute' };
  // Per account as well as per address, so one address cannot spray passwords at many accounts and
  // many addresses cannot hammer one account (nor flood its inbox with reset links). Counted by hand: the
  // plugin runs one of its limiters per request, and the address's has run by then. Sign-in and recovery
  // count apart.
  const perAccount = (purpose: 'sign-in' | 'recover') => {
    const attempts = app.createRateLimit({
      max: limits.perMinute,
      timeWindow: '1 minute',
      keyGenerator: (req: FastifyRequest) => {
        const email = (req.body as { email?: unknown } | undefined)?.email;
        return `${purpose}:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
      },
    });
    return async (req: FastifyRequest, reply: FastifyReply) => {
      const counted = await attempts(req);
      if (counted.isAllowed || !counted.isExceeded) return;
      reply.header('retry-after', counted.ttlInSeconds);
      throw Object.assign(new Error(`Too many ${purpose} attempts for this account`), { statusCode: 429 });
    };
  };

  api.post(
    '/auth',
    {
      config: { public: true, rateLimit: perAddress },
      preHandler: perAccount('sign-in'),
      schema: { tags: ['auth'], body: LoginRequest, response: { 200: LoginResponse } },
    },
    async (req) => auth.signIn(req.body, req.ip),
  );

  api.post(
    '/auth/recover',
    {
      config: { public: true, rateLimit: perAddress },
      preHandler: perAccount('recover'),
      schema: { tags: ['auth'], body: RecoverForm, response: { 200: Message } },
    },
    async (req) => auth.recover(req.body.email, req.ip),
  );

  api.get(
    '/auth/clinic-info/:id',
    {
      config: { public: true, rateLimit: perAddress },
      schema: {
        tags: ['auth'],
        params: z.object({ id: z.string().max(100) }),
        response: { 200: z.object({ data: z.object({ clinic_name: z.string().nullable() }) }) },
      },
    },
    async (req) => ({ data: await auth.clinicInfo(req.params.id) }),
  );

  api.post(
    '/auth/set-password',
    {
      config: { public: true, rateLimit: perAddress },
      schema: { tags: ['auth'], body: SetPasswordRequest, response: { 200: Message } },
    },
    async (req) => auth.setPassword(req.body, req.ip),
  );

  api.post(
    '/auth/change-password',
    {
      schema: {
        tags: ['auth'],
        body: ChangePasswordRequest,
        response: { 200: z.object({ data: SessionUser }) },
      },
    },
    async (req) => ({ data: await auth.changePassword(req.user, req.body, req.ip) }),
  );

  api.post('/auth/sign-out', { schema: { tags: ['auth'] } }, async (req, reply) => {
    await auth.signOut(req.user, req.ip);
    return reply.status(204).send();
  });

  api.get(
    '/auth/me',
    { schema: { tags: ['auth'], response: { 200: z.object({ data: SessionUser }) } } },
    async (req) => ({ data: await auth.me(req.user) }),
  );
}
