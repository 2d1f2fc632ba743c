import { AppError, messages } from '@vigil/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService } from '../features/auth/auth.service.js';
import type { AuthUser } from '../features/auth/auth-user.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set on every route that is not marked public. */
    user: AuthUser;
  }
  interface FastifyContextConfig {
    /** Reachable without a session: sign-in, recovery, set-password, clinic-info, health, webhooks. */
    public?: boolean;
  }
}

/**
 * Secure by default: every route registered in this scope needs `Authorization: Bearer`,
 * unless its config says `public: true`.
 */
export function registerAuth(api: FastifyInstance, auth: AuthService) {
  api.decorateRequest('user', null as unknown as AuthUser);
  api.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.routeOptions.config?.public || !request.routeOptions.url) return;
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED', messages.unauthorized);
    request.user = await auth.authenticate(match[1]);
  });
}
