import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../plugins/auth-guard.ts';
import { unauthorized } from './errors.ts';

/**
 * The logged-in user of a request behind `app.requireAuth` / `app.requireRole`. Those hooks
 * already refused anonymous calls; this narrows the type without a non-null assertion.
 */
export function authUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
