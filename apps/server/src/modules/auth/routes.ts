/**
 * /api/auth: login, silent refresh (rotating httpOnly cookie), logout, profile, registration
 * (an account request an admin approves) and the demo-mode flag for the login page.
 */
import {
  authAnswerSchema,
  demoModeSchema,
  loginRequestSchema,
  logoutQuerySchema,
  profileAnswerSchema,
  registerAnswerSchema,
  registrationFormSchema,
  switchPostSchema,
  workScopeSchema,
} from '@bh/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound, unauthorized, validationError } from '../../lib/errors.ts';
import { signJwt } from '../../lib/jwt.ts';
import { errorResponses } from '../../lib/responses.ts';
import { sameOrigin } from '../../lib/same-origin.ts';
import { userOf } from '../../plugins/auth-guard.ts';
import { BEARER } from '../../plugins/openapi.ts';
import { perAddress, rateLimitedError } from '../../plugins/rate-limit.ts';
import { writeAudit, writeRequestAudit } from '../audit/audit.ts';
import { resolveScope, workScope } from '../posts/scope.ts';
import { findPost } from '../posts/store.ts';
import { queuePush } from '../push/queue.ts';
import { readOfflineLockDays } from '../system-status/store.ts';
import { findUserByEmail, findUserById, normalizeEmail, publicUser, type UserRow } from '../users/store.ts';
import { fileAccountRequest } from './account-requests.ts';
import { deviceRoutes } from './device-routes.ts';
import { deviceRevoked, registerDevice } from './devices.ts';
import { hashPassword, newPasswordIssues, verifyDummy, verifyPassword } from './passwords.ts';
import { LoginLimiter } from './rate-limit.ts';
import {
  ACCESS_TTL_SEC,
  findFamily,
  type IssuedRefresh,
  REFRESH_COOKIE,
  revokeFamily,
  rotateSession,
  setSessionPost,
  startSession,
} from './sessions.ts';

const tags = ['auth'];
const INVALID_LOGIN = 'Invalid email or password';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(deviceRoutes);
  const { database, secrets, config } = app.ctx;
  const db = database.db;
  const limiter = new LoginLimiter(db, {
    perAccountAddress: config.RATE_LIMIT_LOGIN_FAILURES,
    perAccount: config.RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT,
    perAddress: config.RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS,
  });
  // Account requests (and password resets, when they come) per address: no flood of accounts.
  const accountForms = perAddress(config.RATE_LIMIT_ACCOUNT_FORMS_PER_HOUR, '1 hour');

  const accessToken = (user: UserRow, sid: string) => {
    const now = Math.floor(Date.now() / 1000);
    return signJwt(
      { sub: user.id, role: user.role, sid, iat: now, exp: now + ACCESS_TTL_SEC },
      secrets.jwtSecret,
    );
  };

  const setRefreshCookie = (request: FastifyRequest, reply: FastifyReply, refresh: IssuedRefresh) => {
    reply.setCookie(REFRESH_COOKIE, refresh.token, {
      httpOnly: true,
      sameSite: 'strict',
      path: '/api/auth',
      secure: request.protocol === 'https',
      // Without "remember me" the cookie ends with the browser session.
      ...(refresh.persistent ? { maxAge: refresh.maxAgeSec } : {}),
    });
  };
  const clearRefreshCookie = (request: FastifyRequest, reply: FastifyReply) => {
    reply.clearCookie(REFRESH_COOKIE, {
      httpOnly: true,
      sameSite: 'strict',
      path: '/api/auth',
      secure: request.protocol === 'https',
    });
  };

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags,
        body: loginRequestSchema,
        response: {
          200: authAnswerSchema,
          ...errorResponses('validation_error', 'unauthorized', 'rate_limited'),
        },
      },
    },
    async (request, reply) => {
      const { password, rememberMe } = request.body;
      const email = normalizeEmail(request.body.email);
      const ip = request.ip;
      const attempt = await limiter.attempt(email, ip);
      if (!attempt.allowed) {
        await writeAudit(db, { userId: null, ip, action: 'auth.login.rate_limited', details: { email } });
        throw rateLimitedError(attempt.retryAfterSec, 'Too many failed logins, try again later');
      }
      const user = await findUserByEmail(db, email);
      const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyDummy(password);
      if (!user || !ok || user.disabled) {
        const reason = !user ? 'unknown_email' : !ok ? 'wrong_password' : 'disabled';
        await writeAudit(db, {
          userId: user?.id ?? null,
          ip,
          action: 'auth.login.failure',
          details: { email, reason },
        });
        throw unauthorized(INVALID_LOGIN);
      }
      await attempt.succeeded();
      // Every sign-in registers its device; a revoked one is told so and wipes what it holds
      // (docs/decisions/015-revoked-devices.md) before it may sign in again as a new device.
      const device = await registerDevice(db, user.id, request.body.deviceId, request.body.deviceLabel);
      if (device.revoked) {
        await writeAudit(db, {
          userId: user.id,
          ip,
          action: 'auth.login.device_revoked',
          entity: 'device',
          entityId: device.id,
        });
        throw deviceRevoked();
      }
      const scope = await resolveScope(db, user.id, user.role, request.body.postId ?? null);
      const refresh = await startSession(db, user.id, rememberMe === true, ip, scope.postId, device.id);
      await writeAudit(db, {
        userId: user.id,
        ip,
        action: 'auth.login.success',
        entity: 'session',
        entityId: refresh.familyId,
        details: { rememberMe: refresh.persistent, postId: scope.postId, deviceId: device.id },
      });
      setRefreshCookie(request, reply, refresh);
      return {
        user: publicUser(user),
        token: await accessToken(user, refresh.familyId),
        scope: workScope(scope),
        offlineLockDays: await readOfflineLockDays(db),
      };
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      schema: { tags, response: { 200: authAnswerSchema, ...errorResponses('unauthorized', 'forbidden') } },
    },
    async (request, reply) => {
      // The refresh cookie is SameSite=Strict; a browser request from another site is refused
      // outright as well (Origin, or Referer when a browser sends no Origin).
      if (!sameOrigin(request)) throw forbidden();
      const presented = request.cookies[REFRESH_COOKIE];
      if (!presented) throw unauthorized();
      const result = await rotateSession(db, presented, request.ip);
      if (result.kind === 'reuse') {
        await writeAudit(db, {
          userId: result.userId,
          ip: request.ip,
          action: 'auth.refresh.reuse_detected',
          entity: 'session',
          entityId: result.familyId,
        });
      }
      const user = result.kind === 'ok' ? await findUserById(db, result.userId) : null;
      if (result.kind !== 'ok' || !user || user.disabled) {
        if (result.kind === 'ok') await revokeFamily(db, result.refresh.familyId);
        clearRefreshCookie(request, reply);
        throw result.kind === 'device_revoked' ? deviceRevoked() : unauthorized();
      }
      setRefreshCookie(request, reply, result.refresh);
      const scope = await resolveScope(db, user.id, user.role, result.postId);
      return {
        user: publicUser(user),
        token: await accessToken(user, result.refresh.familyId),
        scope: workScope(scope),
        offlineLockDays: await readOfflineLockDays(db),
      };
    },
  );

  // An officer at several posts works at one at a time; the device's next pull finds the new
  // scope and swaps what it holds (sync/scope-change on the device).
  app.post(
    '/api/auth/post',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security: BEARER,
        body: switchPostSchema,
        response: {
          200: workScopeSchema,
          ...errorResponses('unauthorized', 'validation_error', 'not_found'),
        },
      },
    },
    async (request) => {
      const me = userOf(request);
      if (!me.scope.posts.includes(request.body.postId)) throw notFound();
      await setSessionPost(db, me.sessionId, request.body.postId);
      const scope = await resolveScope(db, me.id, me.role, request.body.postId);
      await writeRequestAudit(db, request, {
        action: 'auth.switch_post',
        entity: 'session',
        entityId: me.sessionId,
        details: { from: me.scope.postId, to: scope.postId },
      });
      return workScope(scope);
    },
  );

  // The bearer token is optional here: logout also works with the refresh cookie alone. The answer
  // asks the browser to clear the site's storage (IndexedDB, caches, service worker, local
  // storage; ASVS 14.3.1) unless the app says it still holds unsent changes (?keep=pending): it
  // then locks instead (issue 33, point 3). Only this answer sends the header; helmet sets none.
  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags,
        querystring: logoutQuerySchema,
        response: { 204: z.null().describe('Logged out'), ...errorResponses('validation_error') },
      },
    },
    async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE];
      const family = presented ? await findFamily(db, presented) : null;
      const familyId = family?.familyId ?? request.user?.sessionId;
      if (familyId) await revokeFamily(db, familyId);
      const userId = family?.userId ?? request.user?.id ?? null;
      if (userId) {
        await writeAudit(db, {
          userId,
          ip: request.ip,
          action: 'auth.logout',
          entity: 'session',
          entityId: familyId,
        });
      }
      clearRefreshCookie(request, reply);
      if (request.query.keep !== 'pending') reply.header('Clear-Site-Data', '"storage"');
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/auth/profile',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security: BEARER,
        response: { 200: profileAnswerSchema, ...errorResponses('unauthorized') },
      },
    },
    async (request) => {
      const user = request.user ? await findUserById(db, request.user.id) : null;
      if (!user) throw unauthorized();
      return { user: { ...publicUser(user), title: user.title } };
    },
  );

  app.post(
    '/api/auth/register',
    {
      config: { rateLimit: accountForms },
      schema: {
        tags,
        body: registrationFormSchema,
        summary: 'File an account request; the same 202 answer whether or not the e-mail is known',
        response: { 202: registerAnswerSchema, ...errorResponses('validation_error', 'rate_limited') },
      },
    },
    async (request, reply) => {
      const { name, email, password, age, gender } = request.body;
      // A post that does not exist (or is closed) is not named: the answer stays the same.
      const asked = request.body.postId ? await findPost(db, request.body.postId) : null;
      const postId = asked && asked.closedAt === null ? asked.id : null;
      // Checked before the e-mail is looked up: a refusal says nothing about the account.
      const issues = await newPasswordIssues(password, email);
      if (issues.length > 0) throw validationError(issues);
      const filed = await fileAccountRequest(db, {
        name,
        email,
        age,
        gender,
        passwordHash: await hashPassword(password),
        postId,
      });
      // Known e-mail or not, the caller gets the same answer (no account enumeration); the
      // duplicate attempt is in the audit trail for the admin.
      await writeAudit(db, {
        userId: null,
        ip: request.ip,
        action: filed ? 'account_request.create' : 'account_request.duplicate',
        entity: 'account_request',
        entityId: filed?.id,
        details: { email: normalizeEmail(email) },
      });
      if (filed) {
        await queuePush(
          db,
          { role: 'admin' },
          {
            type: 'account-request',
            titleKey: 'accountRequest',
            params: { name: filed.name },
            url: '/admin/account-requests',
          },
        );
      }
      return reply.status(202).send({ status: 'received' });
    },
  );

  // Only the flag: the login page shows the shared demo list itself; no route answers a password.
  app.get(
    '/api/auth/demo',
    { schema: { tags, response: { 200: demoModeSchema, ...errorResponses() } } },
    async () => ({ demo: config.demo }),
  );
};
