/**
 * /api/users (admins manage users; everyone manages their own profile and password) and
 * /api/account-requests (admins approve or reject registrations).
 */
import {
  accountRequestDecisionAnswerSchema,
  accountRequestDecisionSchema,
  accountRequestListSchema,
  accountRequestsQuerySchema,
  adminUserAnswerSchema,
  changePasswordSchema,
  idParamsSchema,
  profileAnswerSchema,
  profileUpdateSchema,
  userCreateSchema,
  userListSchema,
  userUpdateSchema,
} from '@bh/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, conflict, forbidden, notFound, validationError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/responses.ts';
import { userOf } from '../../plugins/auth-guard.ts';
import { bearerTagged } from '../../plugins/openapi.ts';
import { writeRequestAudit } from '../audit/audit.ts';
import {
  accountRequestView,
  decideAccountRequest,
  findAccountRequest,
  listAccountRequests,
} from '../auth/account-requests.ts';
import { hashPassword, newPasswordIssues, verifyPassword } from '../auth/passwords.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { addAssignment } from '../posts/store.ts';
import {
  adminUser,
  emailTaken,
  findUserById,
  insertUser,
  listUsers,
  publicUser,
  updateUser,
} from './store.ts';

const emailConflict = () =>
  conflict([{ field: 'email', code: 'auth.errors.emailTaken' }], 'auth.errors.emailTaken');

const users = bearerTagged('users');
/** Errors of every admin route: not logged in, not an admin. */
const ADMIN_ERRORS = ['unauthorized', 'forbidden'] as const;

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.database.db;
  const admin = app.requireRole('admin');

  app.get(
    '/api/users',
    {
      onRequest: admin,
      schema: { ...users, response: { 200: userListSchema, ...errorResponses(...ADMIN_ERRORS) } },
    },
    async () => ({ users: (await listUsers(db)).map(adminUser) }),
  );

  app.post(
    '/api/users',
    {
      onRequest: admin,
      schema: {
        ...users,
        body: userCreateSchema,
        response: {
          201: adminUserAnswerSchema,
          ...errorResponses(...ADMIN_ERRORS, 'validation_error', 'conflict'),
        },
      },
    },
    async (request, reply) => {
      const { password, shortPasswordConsent, ...body } = request.body;
      const issues = await newPasswordIssues(password, body.email);
      if (issues.length > 0) throw validationError(issues);
      if (await emailTaken(db, body.email)) throw emailConflict();
      const user = await insertUser(db, { ...body, passwordHash: await hashPassword(password) });
      // An officer starts at the post the admin works at; PUT /api/users/:id/assignments moves them.
      const post = userOf(request).scope.postId;
      if (user.role === 'officer' && post)
        await addAssignment(db, user.id, { role: 'officer', postId: post, province: null });
      await writeRequestAudit(db, request, {
        action: 'user.create',
        entity: 'user',
        entityId: user.id,
        newVersion: user.version,
        // The admin's record that the user agreed to a password under 12 characters.
        details: { role: user.role, ...(shortPasswordConsent ? { shortPasswordConsent } : {}) },
      });
      return reply.status(201).send({ user: adminUser(user) });
    },
  );

  // Static paths are registered before /api/users/:id; Fastify prefers them anyway.
  app.put(
    '/api/users/profile',
    {
      onRequest: app.requireAuth,
      schema: {
        ...users,
        body: profileUpdateSchema,
        response: {
          200: profileAnswerSchema,
          ...errorResponses('unauthorized', 'validation_error', 'not_found'),
        },
      },
    },
    async (request) => {
      const me = userOf(request);
      const user = await updateUser(db, me.id, request.body);
      if (!user) throw notFound();
      await writeRequestAudit(db, request, {
        action: 'user.profile_update',
        entity: 'user',
        entityId: me.id,
        oldVersion: user.version - 1,
        newVersion: user.version,
        details: { fields: Object.keys(request.body) },
      });
      return { user: { ...publicUser(user), title: user.title } };
    },
  );

  app.post(
    '/api/users/change-password',
    {
      onRequest: app.requireAuth,
      schema: {
        ...users,
        body: changePasswordSchema,
        response: {
          204: z.null().describe('Password changed'),
          ...errorResponses('unauthorized', 'validation_error', 'not_found'),
        },
      },
    },
    async (request, reply) => {
      const me = userOf(request);
      const current = await findUserById(db, me.id);
      if (!current) throw notFound();
      if (!(await verifyPassword(current.passwordHash, request.body.currentPassword))) {
        throw validationError([{ field: 'currentPassword', code: 'users.errors.currentPasswordWrong' }]);
      }
      const issues = await newPasswordIssues(request.body.newPassword, current.email, 'newPassword');
      if (issues.length > 0) throw validationError(issues);
      const user = await updateUser(db, me.id, {
        passwordHash: await hashPassword(request.body.newPassword),
      });
      // Other devices must log in again with the new password; this one stays signed in.
      await revokeUserSessions(db, me.id, me.sessionId);
      await writeRequestAudit(db, request, {
        action: 'user.password_change',
        entity: 'user',
        entityId: me.id,
        oldVersion: current.version,
        newVersion: user?.version,
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/users/:id',
    {
      onRequest: admin,
      schema: {
        ...users,
        params: idParamsSchema,
        response: {
          200: adminUserAnswerSchema,
          ...errorResponses(...ADMIN_ERRORS, 'validation_error', 'not_found'),
        },
      },
    },
    async (request) => {
      const user = await findUserById(db, request.params.id);
      if (!user) throw notFound();
      return { user: adminUser(user) };
    },
  );

  app.put(
    '/api/users/:id',
    {
      onRequest: admin,
      schema: {
        ...users,
        params: idParamsSchema,
        body: userUpdateSchema,
        response: {
          200: adminUserAnswerSchema,
          ...errorResponses(...ADMIN_ERRORS, 'validation_error', 'not_found', 'conflict'),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const changes = request.body;
      const me = userOf(request);
      const before = await findUserById(db, id);
      if (!before) throw notFound();
      const self = id === me.id;
      if (
        self &&
        ((changes.disabled ?? false) || (changes.role !== undefined && changes.role !== before.role))
      ) {
        // An admin cannot lock themselves out (and so can never remove the last admin by accident).
        throw new AppError('conflict', 'users.errors.selfLockout');
      }
      if (changes.email !== undefined && (await emailTaken(db, changes.email, id))) throw emailConflict();
      const user = await updateUser(db, id, changes);
      if (!user) throw notFound();
      // The role is inside access tokens, so a role change or disabling ends the sessions at once.
      if ((changes.disabled && !before.disabled) || user.role !== before.role)
        await revokeUserSessions(db, id);
      const action =
        changes.disabled === true && !before.disabled
          ? 'user.disable'
          : changes.disabled === false && before.disabled
            ? 'user.enable'
            : 'user.update';
      await writeRequestAudit(db, request, {
        action,
        entity: 'user',
        entityId: id,
        oldVersion: before.version,
        newVersion: user.version,
        details: {
          fields: Object.keys(changes),
          ...(user.role !== before.role ? { role: { from: before.role, to: user.role } } : {}),
        },
      });
      return { user: adminUser(user) };
    },
  );

  // Admins decide every account request; a post's supervisor those that name the post.
  const deciders = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.requireAuth(request, reply);
    const me = userOf(request);
    if (me.role !== 'admin' && me.scope.role !== 'supervisor') {
      await app.onRoleDenied?.(request, reply);
      throw forbidden();
    }
  };
  /** The post whose requests the caller decides (undefined: every request, for an admin). */
  const requestsPost = (request: FastifyRequest) => {
    const me = userOf(request);
    return me.role === 'admin' ? undefined : (me.scope.postId ?? '');
  };

  app.get(
    '/api/account-requests',
    {
      onRequest: deciders,
      schema: {
        ...users,
        querystring: accountRequestsQuerySchema,
        response: { 200: accountRequestListSchema, ...errorResponses(...ADMIN_ERRORS, 'validation_error') },
      },
    },
    async (request) => ({
      requests: (await listAccountRequests(db, request.query.status, requestsPost(request))).map(
        accountRequestView,
      ),
    }),
  );

  app.post(
    '/api/account-requests/:id/decision',
    {
      onRequest: deciders,
      schema: {
        ...users,
        params: idParamsSchema,
        body: accountRequestDecisionSchema,
        response: {
          200: accountRequestDecisionAnswerSchema,
          ...errorResponses(...ADMIN_ERRORS, 'validation_error', 'not_found', 'conflict'),
        },
      },
    },
    async (request) => {
      const adminId = userOf(request).id;
      const found = await findAccountRequest(db, request.params.id);
      const post = requestsPost(request);
      if (!found || (post !== undefined && found.postId !== post)) throw notFound();
      // A supervisor makes officers, never admins.
      if (post !== undefined && request.body.role === 'admin') throw forbidden();
      if (found.status !== 'pending') throw conflict(undefined, 'users.errors.alreadyDecided');
      const approve = request.body.decision === 'approve';
      const result = await db.transaction(async (tx) => {
        const decided = await decideAccountRequest(tx, found.id, approve ? 'approved' : 'rejected', adminId);
        if (!decided) throw conflict(undefined, 'users.errors.alreadyDecided');
        if (!approve) return { request: decided, user: null };
        if (await emailTaken(tx, decided.email)) throw emailConflict();
        const role = request.body.role ?? 'officer';
        const user = await insertUser(tx, {
          name: decided.name,
          email: decided.email,
          role,
          title: role === 'officer' ? 'quarantine officer' : null,
          passwordHash: decided.passwordHash,
        });
        if (decided.postId && role === 'officer')
          await addAssignment(tx, user.id, { role: 'officer', postId: decided.postId, province: null });
        return { request: decided, user };
      });
      await writeRequestAudit(db, request, {
        action: approve ? 'account_request.approve' : 'account_request.reject',
        entity: 'account_request',
        entityId: found.id,
        details: result.user ? { createdUserId: result.user.id, role: result.user.role } : undefined,
      });
      return {
        request: accountRequestView(result.request),
        user: result.user ? adminUser(result.user) : null,
      };
    },
  );
};
