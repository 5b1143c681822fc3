/**
 * Offline sync over HTTP: push a batch of mutations, pull changes after a cursor, re-read a few
 * records, and the status a device uses to tell that the server went back (epoch, max change_seq).
 */
import {
  type ChangeRange,
  MAX_PUSH_BODY_BYTES,
  mergeChangeRanges,
  type PushRequest,
  pullQuerySchema,
  pullResponseSchema,
  pushRequestSchema,
  pushResponseSchema,
  syncRecordsQuerySchema,
  syncRecordsResponseSchema,
  syncStatusResponseSchema,
} from '@bh/shared';
import { and, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthDeclarations, travelers } from '../../db/schema.ts';
import { errorResponses, storingErrorResponses } from '../../lib/responses.ts';
import { turns } from '../../lib/turns.ts';
import { type AuthUser, userOf } from '../../plugins/auth-guard.ts';
import { BEARER } from '../../plugins/openapi.ts';
import { applyMutations, ClientIdOfAnotherUser } from '../../write-path/apply.ts';
import { readableIds } from '../../write-path/post-scope.ts';
import { fetchRecords } from '../../write-path/records.ts';
import { writableTable } from '../../write-path/tables.ts';
import { refuseUnattachableFiles } from '../files/attachments.ts';
import { readableBy } from '../posts/scope.ts';
import { queuePush } from '../push/queue.ts';
import { claimClientId } from './client-owner.ts';
import { maxChangeSeq, pullPage } from './pull.ts';

// Crash tests only: hold each push transaction open this long before commit, so a test can
// kill the process mid-batch. Never set in production.
const holdBeforeCommitMs = Number(process.env.BH_TEST_HOLD_PUSH_MS ?? 0);
const beforeCommit =
  holdBeforeCommitMs > 0 ? () => new Promise<void>((r) => setTimeout(r, holdBeforeCommitMs)) : undefined;

const tags = ['sync'];

/**
 * Pushes of one instance applied at once. Every write transaction waits for one write lock
 * (write-path/apply.ts), so a push waiting for it in the database would only hold a pooled
 * connection that pulls and reports need; more than two at a time write nothing faster.
 */
const PUSHES_AT_ONCE = Number(process.env.BH_PUSHES_AT_ONCE ?? 2);

export const syncRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, secrets, metrics } = app.ctx;
  const pushTurns = turns(PUSHES_AT_ONCE);
  // Every write through applyMutations on this database is kept up (PGlite: no autovacuum).
  database.upkeep.start(app.log);
  app.addHook('onClose', () => database.upkeep.settled());

  app.post(
    '/api/sync/push',
    {
      bodyLimit: MAX_PUSH_BODY_BYTES,
      onRequest: app.requireAuth,
      schema: {
        tags,
        security: BEARER,
        summary: 'Apply a batch of mutations exactly once; one result per mutation, in order',
        body: pushRequestSchema,
        response: {
          200: pushResponseSchema,
          ...storingErrorResponses(),
        },
      },
    },
    async (request) => {
      const answered = metrics.pushStarted();
      try {
        const answer = await pushTurns.run(() => push(request.body, userOf(request), request.ip));
        const tables = new Map(request.body.mutations.map((m) => [m.seq, m.table]));
        metrics.pushAnswered(answer.results, (seq) => tables.get(seq) ?? 'unknown');
        return answer;
      } finally {
        answered();
      }
    },
  );

  /** Applies a push's mutations; the answer: one result per mutation, in order. */
  async function push({ clientId, mutations }: PushRequest, user: AuthUser, ip: string) {
    // Declarations that refer to a missing or foreign file are rejected before the write.
    const { refused, accepted } = await refuseUnattachableFiles(database.db, user, mutations);
    const written: ChangeRange[] = [];
    // The client id's owner is checked in the push's first message (write-path/apply.ts); a
    // push with nothing left to apply, or refused there, is checked here: the answer is a 409,
    // audited.
    if (accepted.length === 0) await claimClientId(database.db, clientId, user.id, ip);
    const applied = await applyMutations(
      database,
      { user, ip, clientId, beforeCommit, written },
      accepted,
    ).catch(async (err: unknown) => {
      if (err instanceof ClientIdOfAnotherUser) await claimClientId(database.db, clientId, user.id, ip);
      throw err;
    });
    // The officer's other devices (and this one, closed) learn that a change did not go through.
    const notApplied = [...refused, ...applied].filter(
      (r) => r.status === 'conflict' || r.status === 'rejected',
    ).length;
    if (notApplied > 0) {
      await queuePush(
        database.db,
        { userIds: [user.id] },
        {
          type: 'sync-refused',
          titleKey: 'syncRefused',
          params: { count: notApplied },
          url: '/pwa-settings',
        },
      );
    }
    // The device's pull leaves these rows out while they are unchanged (its own writes).
    const ranges = mergeChangeRanges(written);
    const extra = ranges.length > 0 ? { written: ranges } : {};
    if (refused.length === 0) return { results: applied, ...extra };
    const bySeq = new Map([...refused, ...applied].map((r) => [r.seq, r]));
    return { results: mutations.flatMap((m) => bySeq.get(m.seq) ?? []), ...extra };
  }

  app.get(
    '/api/sync/pull',
    {
      onRequest: app.requireAuth,
      // The page is documented by pullResponseSchema and typed by it, and sent as the JSON text
      // the database wrote (pull.ts, pullPage): a string with a JSON content type is not
      // serialized again.
      schema: {
        tags,
        security: BEARER,
        summary: 'One page of changes after a cursor, in change order, tombstones included',
        querystring: pullQuerySchema,
        response: { 200: pullResponseSchema, ...errorResponses('validation_error', 'unauthorized') },
      },
    },
    async (request, reply) => {
      metrics.pulled();
      // On the replica when it holds everything the device has or wrote (its cursor and the
      // changes of its own it asks to skip), else on the primary (db/read-replica.ts): a device
      // never reads older than what it just wrote.
      const skip = request.query.skip ?? [];
      const { only, travelersTo } = request.query;
      const holds = Math.max(request.query.cursor, travelersTo ?? 0, ...skip.map((r) => r.to));
      const db = await database.reads.at(holds, maxChangeSeq);
      return reply
        .type('application/json; charset=utf-8')
        .send(
          await pullPage(
            db,
            request.query.cursor,
            request.query.limit,
            secrets.epoch,
            request.query.skip ?? [],
            userOf(request).scope,
            { only, travelersTo },
          ),
        );
    },
  );

  // The current server copy of a few records (a device re-reads records whose local change
  // the officer discarded). Tombstones included; unknown ids are simply absent.
  app.get(
    '/api/sync/records',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security: BEARER,
        summary: 'The server copy of a few records of one table',
        querystring: syncRecordsQuerySchema,
        response: { 200: syncRecordsResponseSchema, ...errorResponses('validation_error', 'unauthorized') },
      },
    },
    async (request) => {
      const table = writableTable(request.query.table);
      if (!table) return { records: [] };
      const readable = await readableIds(database.db, table, request.query.ids, userOf(request).scope);
      return { records: await fetchRecords(database.db, table, [...readable]) };
    },
  );

  app.get(
    '/api/sync/status',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security: BEARER,
        summary: 'Server time, database epoch, highest change number and live record counts',
        response: { 200: syncStatusResponseSchema, ...errorResponses('unauthorized') },
      },
    },
    async (request) => {
      const db = database.db;
      const { scope } = userOf(request);
      const [travelerCount, declarationCount, seq] = await Promise.all([
        db.$count(travelers, and(isNull(travelers.deletedAt), readableBy(travelers.entryPostId, scope))),
        db.$count(
          healthDeclarations,
          and(isNull(healthDeclarations.deletedAt), readableBy(healthDeclarations.postId, scope)),
        ),
        maxChangeSeq(db),
      ]);
      return {
        serverTime: new Date().toISOString(),
        epoch: secrets.epoch,
        maxChangeSeq: seq,
        counts: { travelers: travelerCount, healthDeclarations: declarationCount },
      };
    },
  );
};
