/**
 * Traveller REST API. Writes follow the sync contract: they go through applyMutations, so
 * versions, change_seq, tombstones, the write lock and the audit trail stay the same as for a
 * pushed mutation (docs/architecture.md).
 *
 * A stale version answers 409 `{error:{code:'conflict', message, details:{serverRecord}}}`:
 * `details.serverRecord` is the server's current record (a tombstone when it was deleted).
 */
import { Readable } from 'node:stream';
import {
  type Mutation,
  type PushResult,
  travelerCreateSchema,
  travelerDeleteQuerySchema,
  travelerIdParamsSchema,
  travelerListQuerySchema,
  travelerPageSchema,
  travelerSchema,
  travelerUpdateSchema,
} from '@bh/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type AnswerCache, sendCachedJson } from '../../lib/cached-json.ts';
import { AppError, conflict, notFound, validationError } from '../../lib/errors.ts';
import { LruCache } from '../../lib/lru-cache.ts';
import { errorResponses } from '../../lib/responses.ts';
import { type AuthUser, userOf } from '../../plugins/auth-guard.ts';
import { BEARER } from '../../plugins/openapi.ts';
import { applyMutations } from '../../write-path/apply.ts';
import { requireTravelerAccess } from '../../write-path/post-scope.ts';
import { duplicateIssue, findDuplicates } from '../../write-path/traveler-rules.ts';
import { readsPost } from '../posts/scope.ts';
import { listPosts } from '../posts/store.ts';
import { exportCsv, exportSlots } from './export.ts';
import { importResponse, runImport } from './import-route.ts';
import { dataVersion, listingKey, listTravelers, travelerById } from './store.ts';

const tags = ['travelers'];

/** The CSV download: a stream, sent as it is read, not serialized as JSON. */
const csvDownload = z
  .custom<Readable>((value) => value instanceof Readable)
  .meta({
    description:
      'text/csv; charset=utf-8 with a UTF-8 BOM, one line per traveller (newest entry first), sent as it is read',
  });

export const writeOne = async (app: FastifyInstance, request: FastifyRequest, m: Omit<Mutation, 'seq'>) => {
  const [result] = await applyMutations(
    app.ctx.database,
    { user: userOf(request), ip: request.ip, clientId: null },
    [{ seq: 1, ...m }],
  );
  if (!result) throw new Error('applyMutations answered no result');
  return result;
};

/** Turns one REST write's result into a record or the matching API error. */
export async function outcome(app: FastifyInstance, result: PushResult, id: string) {
  if (result.status === 'applied' || result.status === 'duplicate') {
    const record = await travelerById(app.ctx.database.db, id);
    if (!record) throw notFound('Traveler with id not found');
    return record;
  }
  if (result.status === 'rejected') {
    if (result.errors?.some((e) => e.code === 'forbidden' || e.code === 'post.errors.outOfScope'))
      throw new AppError('forbidden', 'Forbidden');
    if (
      result.errors?.some(
        (e) => e.code === 'traveler.errors.duplicate' || e.code === 'traveler.errors.duplicateAtPost',
      )
    )
      throw conflict({ errors: result.errors }, 'Duplicate traveller');
    throw validationError(result.errors);
  }
  if (!result.serverRecord) throw notFound(`Traveler with id ${id} not found`);
  throw conflict({ serverRecord: result.serverRecord });
}

/**
 * 409 naming the live traveller this registration would duplicate (same passport within a day);
 * one registered at a post the caller does not read is named by its post only.
 */
async function refuseDuplicate(
  db: Db,
  user: AuthUser,
  key: Parameters<typeof findDuplicates>[1][number] & { entryPostId?: string | null },
) {
  const [existing] = await findDuplicates(db, [key], [key.id]);
  if (!existing) return;
  if (readsPost(user.scope, existing.entryPostId)) {
    const { entryPostId: _post, ...duplicateOf } = existing;
    throw conflict({ duplicateOf }, 'Duplicate traveller');
  }
  const codes = new Map((await listPosts(db)).map((p) => [p.id, p.code]));
  const issue = duplicateIssue(
    { ...key, entryPostId: key.entryPostId ?? user.scope.postId },
    existing,
    codes,
  );
  throw conflict({ errors: [issue] }, 'Duplicate traveller');
}

export const travelersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  /** Every traveller route needs a logged-in user: its options, given the rest of its schema. */
  const loggedIn = <S extends FastifySchema>(schema: S) => ({
    onRequest: app.requireAuth,
    schema: { tags, security: BEARER, ...schema },
  });
  const exports = exportSlots();
  // The pages officers read, by data version and query; the count bounds the memory they hold
  // (docs/decisions/013-measured-figures.md).
  const pageAnswers: AnswerCache = new LruCache(600);

  app.get(
    '/api/travelers',
    loggedIn({
      querystring: travelerListQuerySchema,
      response: { 200: travelerPageSchema, ...errorResponses('validation_error', 'unauthorized') },
    }),
    // Answers are stored by data version and query, and sent as stored bytes (lib/cached-json.ts).
    async (request, reply) => {
      const version = await dataVersion(db);
      const query = { ...request.query, readPosts: userOf(request).scope.readPosts };
      return sendCachedJson(request, reply, {
        cache: pageAnswers,
        key: listingKey(query, version),
        schema: travelerPageSchema,
        build: () => listTravelers(db, query, version),
      });
    },
  );

  app.get(
    '/api/travelers/export',
    loggedIn({
      querystring: travelerListQuerySchema,
      response: { 200: csvDownload, ...errorResponses('validation_error', 'unauthorized', 'rate_limited') },
    }),
    async (request, reply) => {
      const user = userOf(request);
      const release = exports.take();
      // One chunk read ahead at most: memory per export stays one or two chunks of rows.
      const query = { ...request.query, readPosts: user.scope.readPosts };
      const body = Readable.from(
        exportCsv(db, app.ctx.database.reads.db, query, { userId: user.id, ip: request.ip }),
        {
          highWaterMark: 1,
        },
      );
      // 'close' comes after the end and after an abort (client gone, read error) alike.
      body.once('close', release);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="travelers-${day}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );

  app.get(
    '/api/travelers/:id',
    loggedIn({
      params: travelerIdParamsSchema,
      response: { 200: travelerSchema, ...errorResponses('validation_error', 'unauthorized', 'not_found') },
    }),
    async (request) => {
      const record = await travelerById(db, request.params.id);
      if (!record || record.deletedAt || !readsPost(userOf(request).scope, record.entryPostId ?? null))
        throw notFound('Traveler with id not found');
      return record;
    },
  );

  const writeErrors = errorResponses(
    'validation_error',
    'unauthorized',
    'forbidden',
    'not_found',
    'conflict',
  );

  app.post(
    '/api/travelers',
    loggedIn({
      body: travelerCreateSchema,
      response: { 201: travelerSchema, ...writeErrors },
    }),
    async (request, reply) => {
      const { id, ...data } = request.body;
      await refuseDuplicate(db, userOf(request), { id, ...data });
      const result = await writeOne(app, request, {
        table: 'travelers',
        op: 'create',
        id,
        baseVersion: null,
        data,
      });
      if (result.status === 'conflict') throw conflict({ serverRecord: result.serverRecord ?? null });
      return reply.status(201).send(await outcome(app, result, id));
    },
  );

  app.put(
    '/api/travelers/:id',
    loggedIn({
      params: travelerIdParamsSchema,
      body: travelerUpdateSchema,
      response: { 200: travelerSchema, ...writeErrors },
    }),
    async (request) => {
      const { version, ...data } = request.body;
      const { id } = request.params;
      await requireTravelerAccess(db, userOf(request), id, 'write');
      const stored = await travelerById(db, id);
      if (stored)
        await refuseDuplicate(db, userOf(request), { id, ...data, entryPostId: stored.entryPostId });
      const result = await writeOne(app, request, {
        table: 'travelers',
        op: 'update',
        id,
        baseVersion: version,
        data,
      });
      return outcome(app, result, id);
    },
  );

  app.delete(
    '/api/travelers/:id',
    loggedIn({
      params: travelerIdParamsSchema,
      querystring: travelerDeleteQuerySchema,
      response: { 200: travelerSchema, ...writeErrors },
    }),
    async (request) => {
      const { id } = request.params;
      await requireTravelerAccess(db, userOf(request), id, 'write');
      const result = await writeOne(app, request, {
        table: 'travelers',
        op: 'delete',
        id,
        baseVersion: request.query.version,
        data: request.query.reason ? { reason: request.query.reason } : null,
      });
      return outcome(app, result, id);
    },
  );

  // The import reads its body itself, as a stream (CSV text or multipart), in this scope only.
  await app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { files: 1 } });
    scoped.addContentTypeParser(['text/csv', 'text/plain', 'application/csv'], (_request, payload, done) =>
      done(null, payload),
    );
    scoped.post(
      '/api/travelers/bulk-import',
      {
        onRequest: app.requireAuth,
        schema: {
          tags,
          security: BEARER,
          description:
            'CSV as text/csv or multipart/form-data (field "file"). Answers the report as JSON, or with ' +
            '`Accept: application/x-ndjson` a stream of progress lines ending with the report.',
          response: {
            200: importResponse,
            ...errorResponses(
              'validation_error',
              'unauthorized',
              'payload_too_large',
              'unsupported_media_type',
            ),
          },
        },
      },
      async (request, reply) => runImport(app, request, reply, userOf(request)),
    );
  });
};
