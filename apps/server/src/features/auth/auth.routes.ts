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
  // many addresses cannot hammer one account. Counted by hand: the plugin runs one of its limiters per
  // request, and the address's has run by then.
  const accountAttempts = app.createRateLimit({
    max: limits.perMinute,
    timeWindow: '1 minute',
    keyGenerator: (req: FastifyRequest) => {
      const email = (req.body as { email?: unknown } | undefined)?.email;
      return `account:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
    },
  });
  const perAccount = async (req: FastifyRequest, reply: FastifyReply) => {
    const attempts = await accountAttempts(req);
    if (attempts.isAllowed || !attempts.isExceeded) return;
    reply.header('retry-after', attempts.ttlInSeconds);
    throw Object.assign(new Error('Too many sign-in attempts for this account'), { statusCode: 429 });
  };

  api.post(
    '/auth',
    {
      config: { public: true, rateLimit: perAddress },
      preHandler: perAccount,
      schema: { tags: ['auth'], body: LoginRequest, response: { 200: LoginResponse } },
    },
    async (req) => auth.signIn(req.body, req.ip),
  );

  api.post(
    '/auth/recover',
    {
      config: { public: true, rateLimit: perAddress },
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
