/**
 * /api/posts: the country's points of entry (any signed-in user reads them; admins create,
 * rename and close them) and /api/users/:id/assignments (admins say who works where, in which
 * role). docs/decisions/014-points-of-entry.md.
 */
import {
  assignmentsBodySchema,
  idParamsSchema,
  postAnswerSchema,
  postCreateSchema,
  postListSchema,
  postUpdateSchema,
  publicPostListSchema,
  transferBodySchema,
  travelerIdParamsSchema,
} from '@bh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFound, validationError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/responses.ts';
import { userOf } from '../../plugins/auth-guard.ts';
import { bearerTagged } from '../../plugins/openapi.ts';
import { writeRequestAudit } from '../audit/audit.ts';
import { forgetActiveSessions } from '../auth/sessions.ts';
import { findUserById } from '../users/store.ts';
import { assignmentsOf, findPost, insertPost, listPosts, replaceAssignments, updatePost } from './store.ts';
import { transferTraveler } from './transfer.ts';

const tagged = bearerTagged('posts');
const ADMIN_ERRORS = ['unauthorized', 'forbidden'] as const;

const codeTaken = () => conflict([{ field: 'code', code: 'post.errors.codeTaken' }], 'post.errors.codeTaken');

export const postsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.database.db;
  const admin = app.requireRole('admin');

  app.get(
    '/api/posts',
    {
      onRequest: app.requireAuth,
      schema: { ...tagged, response: { 200: postListSchema, ...errorResponses('unauthorized') } },
    },
    async () => ({ items: await listPosts(db) }),
  );

  // Anonymous: the account request form names the post asked for (codes and names only).
  app.get(
    '/api/posts/public',
    {
      schema: { tags: ['posts'], response: { 200: publicPostListSchema, ...errorResponses('rate_limited') } },
    },
    async () => ({
      items: (await listPosts(db))
        .filter((p) => p.closedAt === null)
        .map(({ id, code, name }) => ({ id, code, name })),
    }),
  );

  app.post(
    '/api/posts',
    {
      onRequest: admin,
      schema: {
        ...tagged,
        body: postCreateSchema,
        response: {
          201: postAnswerSchema,
          ...errorResponses(...ADMIN_ERRORS, 'validation_error', 'conflict'),
        },
      },
    },
    async (request, reply) => {
      if ((await listPosts(db)).some((p) => p.code === request.body.code)) throw codeTaken();
      const post = await insertPost(db, request.body);
      await writeRequestAudit(db, request, {
        action: 'post.create',
        entity: 'post',
        entityId: post.id,
        newVersion: post.version,
        details: { code: post.code },
      });
      return reply.status(201).send({ post });
    },
  );

  app.patch(
    '/api/posts/:id',
    {
      onRequest: admin,
      schema: {
        ...tagged,
        params: idParamsSchema,
        body: postUpdateSchema,
        response: {
          200: postAnswerSchema,
          ...errorResponses(...ADMIN_ERRORS, 'validation_error', 'not_found', 'conflict'),
        },
      },
    },
    async (request) => {
      const { version, ...patch } = request.body;
      const before = await findPost(db, request.params.id);
      if (!before) throw notFound();
      const post = await updatePost(db, before.id, version, patch);
      if (!post) throw conflict([{ field: 'version', code: 'sync.conflict' }]);
      forgetActiveSessions();
      await writeRequestAudit(db, request, {
        action: patch.closed === true ? 'post.close' : patch.closed === false ? 'post.reopen' : 'post.update',
        entity: 'post',
        entityId: post.id,
        oldVersion: before.version,
        newVersion: post.version,
        details: { fields: Object.keys(patch) },
      });
      return { post };
    },
  );

  app.get(
    '/api/users/:id/assignments',
    {
      onRequest: admin,
      schema: {
        ...tagged,
        params: idParamsSchema,
        response: { 200: assignmentsBodySchema, ...errorResponses(...ADMIN_ERRORS, 'not_found') },
      },
    },
    async (request) => {
      if (!(await findUserById(db, request.params.id))) throw notFound();
      return { assignments: await assignmentsOf(db, request.params.id) };
    },
  );

  app.put(
    '/api/users/:id/assignments',
    {
      onRequest: admin,
      schema: {
        ...tagged,
        params: idParamsSchema,
        body: assignmentsBodySchema,
        response: {
          200: assignmentsBodySchema,
          ...errorResponses(...ADMIN_ERRORS, 'validation_error', 'not_found'),
        },
      },
    },
    async (request) => {
      const user = await findUserById(db, request.params.id);
      if (!user) throw notFound();
      const known = new Set((await listPosts(db)).map((p) => p.id));
      const issues = request.body.assignments.flatMap((a, i) =>
        a.role !== 'analyst' && (a.postId === null || !known.has(a.postId))
          ? [{ field: `assignments.${i}.postId`, code: 'post.errors.unknownPost' }]
          : [],
      );
      if (issues.length > 0) throw validationError(issues);
      await db.transaction((tx) => replaceAssignments(tx, user.id, request.body.assignments));
      forgetActiveSessions();
      await writeRequestAudit(db, request, {
        action: 'user.assignments',
        entity: 'user',
        entityId: user.id,
        details: { assignments: request.body.assignments },
      });
      return { assignments: await assignmentsOf(db, user.id) };
    },
  );

  // An officer moves a traveller of their post to another post (a transfer, with its reason):
  // it leaves their devices and reaches the other post's (transfer.ts).
  app.post(
    '/api/travelers/:id/transfer',
    {
      onRequest: app.requireAuth,
      schema: {
        ...bearerTagged('travelers'),
        params: travelerIdParamsSchema,
        body: transferBodySchema,
        response: {
          200: z.object({ version: z.number().int() }),
          ...errorResponses('validation_error', 'unauthorized', 'forbidden', 'not_found', 'unprocessable'),
        },
      },
    },
    async (request) =>
      transferTraveler(app.ctx.database, userOf(request), request.ip, request.params.id, request.body),
  );
};
