import type { Role } from '@bh/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { verifyJwt } from '../lib/jwt.ts';

export interface AuthUser {
  id: string;
  role: Role;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** preHandler: any logged-in user. */
    requireAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler factory: logged-in user with one of the roles. */
    requireRole: (...roles: Role[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/**
 * The logged-in user of a request behind requireAuth/requireRole (typed without `!`); a request
 * that somehow got here without one is a 401.
 */
export function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * Reads the bearer access token on every request. `isSessionActive` lets the auth module
 * refuse tokens of revoked sessions or disabled users at once (not only at expiry).
 */
export function registerAuthGuard(
  app: FastifyInstance,
  opts: { secret: string; isSessionActive: (sessionId: string, userId: string) => Promise<boolean> },
) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const claims = await verifyJwt(header.slice(7).trim(), opts.secret);
    if (claims) request.user = { id: claims.sub, role: claims.role, sessionId: claims.sid };
  });
  const requireAuth = async (request: FastifyRequest) => {
    if (!request.user) throw unauthorized();
    if (!(await opts.isSessionActive(request.user.sessionId, request.user.id))) {
      request.user = null;
      throw unauthorized();
    }
  };
  app.decorate('requireAuth', requireAuth);
  app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest, reply: FastifyReply) => {
    await requireAuth(request);
    if (!roles.includes(userOf(request).role)) {
      await app.onRoleDenied?.(request, reply);
      throw forbidden();
    }
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Optional hook (set by the audit module) called when a role check denies a request. */
    onRoleDenied?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}
