import type { Role } from '@bh/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { verifyJwt } from '../lib/jwt.ts';
import { NO_SCOPE, type Scope } from '../modules/posts/scope.ts';

export interface AuthUser {
  id: string;
  /** The account's role (admin or not); the role at a post is `scope.role`. */
  role: Role;
  sessionId: string;
  /**
   * What the request may read and write (modules/posts/scope.ts): resolved by requireAuth from
   * the session; NO_SCOPE until then.
   */
  scope: Scope;
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
 * Reads the bearer access token on every request. `sessionScope` lets the auth module refuse
 * tokens of revoked sessions or disabled users at once (not only at expiry: null), and gives
 * the live session's scope.
 */
export function registerAuthGuard(
  app: FastifyInstance,
  opts: {
    secret: string;
    sessionScope: (sessionId: string, userId: string, role: Role) => Promise<Scope | null>;
  },
) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const claims = await verifyJwt(header.slice(7).trim(), opts.secret);
    if (claims) request.user = { id: claims.sub, role: claims.role, sessionId: claims.sid, scope: NO_SCOPE };
  });
  const requireAuth = async (request: FastifyRequest) => {
    const { user } = request;
    if (!user) throw unauthorized();
    const scope = await opts.sessionScope(user.sessionId, user.id, user.role);
    if (!scope) {
      request.user = null;
      throw unauthorized();
    }
    user.scope = scope;
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
