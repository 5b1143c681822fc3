/**
 * Health declarations over REST. Writes go through the same applyMutations path as sync, so the
 * version check, the risk score (computed by the server in HEALTH_DECLARATIONS.prepare), the audit
 * row (with the previous row on update) and change_seq are identical. One declaration per
 * traveller: its id is the traveller's id.
 */
import {
  declarationCreateSchema,
  declarationInputSchema,
  type Mutation,
  type PushResult,
  versionSchema,
} from '@bh/shared';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFound, validationError } from '../../lib/errors.ts';
import { applyMutations } from '../sync/apply.ts';
import { fetchRecord, selectList, toApiRecord } from '../sync/records.ts';
import { HEALTH_DECLARATIONS } from '../sync/tables.ts';

const idParams = z.object({ id: z.uuid('validation.invalid_id') });
const travelerParams = z.object({ travelerId: z.uuid('validation.invalid_id') });
/** PUT body: the writable fields plus the version the change was made on. */
const declarationUpdateSchema = declarationInputSchema.extend({ version: versionSchema });

export const declarationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.database.db;

  const apply = async (request: FastifyRequest, m: Omit<Mutation, 'seq' | 'table'>) => {
    const [result] = await applyMutations(db, { user: request.user!, ip: request.ip, clientId: null }, [
      { ...m, seq: 1, table: 'healthDeclarations' },
    ]);
    return result!;
  };

  /** Turns a mutation result into the REST answer. */
  const answer = async (reply: FastifyReply, id: string, result: PushResult, okStatus: number) => {
    if (result.status === 'rejected') throw validationError(result.errors);
    if (result.status === 'conflict') {
      if (!result.serverRecord) throw notFound();
      throw conflict({ serverRecord: result.serverRecord });
    }
    const record = await fetchRecord(db, HEALTH_DECLARATIONS, id);
    return reply.status(okStatus).send(record);
  };

  app.get(
    '/api/health-declarations/traveler/:travelerId',
    { onRequest: app.requireAuth, schema: { params: travelerParams } },
    async (request) => {
      const res = await db.execute(sql`SELECT ${selectList(HEALTH_DECLARATIONS)} FROM health_declarations
        WHERE traveler_id = ${request.params.travelerId}::uuid AND deleted_at IS NULL`);
      const row = res.rows[0] as Record<string, unknown> | undefined;
      if (!row) throw notFound();
      return toApiRecord(row);
    },
  );

  app.get(
    '/api/health-declarations/:id',
    { onRequest: app.requireAuth, schema: { params: idParams } },
    async (request) => {
      const record = await fetchRecord(db, HEALTH_DECLARATIONS, request.params.id);
      if (!record || record.deletedAt) throw notFound();
      return record;
    },
  );

  app.post(
    '/api/health-declarations',
    { onRequest: app.requireAuth, schema: { body: declarationCreateSchema } },
    async (request, reply) => {
      const { id, ...data } = request.body;
      const result = await apply(request, { op: 'create', id, baseVersion: null, data });
      return answer(reply, id, result, 201);
    },
  );

  app.put(
    '/api/health-declarations/:id',
    { onRequest: app.requireAuth, schema: { params: idParams, body: declarationUpdateSchema } },
    async (request, reply) => {
      const { id } = request.params;
      const { version, ...data } = request.body;
      const existing = await fetchRecord(db, HEALTH_DECLARATIONS, id);
      if (!existing) throw notFound();
      const result = await apply(request, { op: 'update', id, baseVersion: version, data });
      return answer(reply, id, result, 200);
    },
  );
};
