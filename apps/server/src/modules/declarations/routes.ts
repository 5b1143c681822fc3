/**
 * Health declarations over REST. Writes go through the same applyMutations path as sync, so the
 * version check, the risk score (computed by the server in HEALTH_DECLARATIONS.prepare), the audit
 * row (with the previous row on update) and change_seq are identical. One declaration per
 * traveller: its id is the traveller's id.
 */
import {
  apiErrorSchema,
  type Declaration,
  declarationCreateSchema,
  declarationSchema,
  declarationUpdateSchema,
  type Mutation,
  type PushResult,
} from '@bh/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFound, unprocessable, validationError } from '../../lib/errors.ts';
import { errorResponses, storingErrorResponses } from '../../lib/responses.ts';
import { userOf } from '../../plugins/auth-guard.ts';
import { BEARER } from '../../plugins/openapi.ts';
import { applyMutations } from '../../write-path/apply.ts';
import { requireTravelerAccess } from '../../write-path/post-scope.ts';
import { fetchRecord } from '../../write-path/records.ts';
import { HEALTH_DECLARATIONS } from '../../write-path/tables.ts';
import { fileReferenceIssues } from '../files/attachments.ts';
import { findDeclarationOfTraveler } from './store.ts';

const idParams = z.object({ id: z.uuid('validation.invalid_id') });
const travelerParams = z.object({ travelerId: z.uuid('validation.invalid_id') });

const tags = ['declarations'];
const security = BEARER;
const reads = { 200: declarationSchema, ...errorResponses('validation_error', 'unauthorized', 'not_found') };
const writeErrors = {
  ...storingErrorResponses('not_found', 'forbidden'),
  // A reference to a file that does not exist or that another user uploaded.
  422: apiErrorSchema,
};

export const declarationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.database.db;

  const apply = async (request: FastifyRequest, m: Omit<Mutation, 'seq' | 'table'>): Promise<PushResult> => {
    // A declaration's id is its traveller's: another post's traveller is not there to declare.
    await requireTravelerAccess(db, userOf(request), m.id, 'write');
    const [issues] = await fileReferenceIssues(db, userOf(request), [m]);
    if (issues) throw unprocessable(issues);
    const [result] = await applyMutations(
      app.ctx.database,
      { user: userOf(request), ip: request.ip, clientId: null },
      [{ ...m, seq: 1, table: 'healthDeclarations' }],
    );
    if (!result) throw new Error('applyMutations answered no result');
    return result;
  };

  /** Turns a mutation result into the REST answer: the stored declaration, or the error. */
  const answer = async (id: string, result: PushResult): Promise<Declaration> => {
    if (result.status === 'rejected') throw validationError(result.errors);
    if (result.status === 'conflict') {
      if (!result.serverRecord) throw notFound();
      throw conflict({ serverRecord: result.serverRecord });
    }
    const record = await fetchRecord(db, HEALTH_DECLARATIONS, id);
    if (!record) throw notFound();
    return declarationSchema.parse(record);
  };

  app.get(
    '/api/health-declarations/traveler/:travelerId',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: "A traveller's live declaration",
        params: travelerParams,
        response: reads,
      },
    },
    async (request) => {
      await requireTravelerAccess(db, userOf(request), request.params.travelerId, 'read');
      const record = await findDeclarationOfTraveler(db, request.params.travelerId);
      if (!record) throw notFound();
      return declarationSchema.parse(record);
    },
  );

  app.get(
    '/api/health-declarations/:id',
    {
      onRequest: app.requireAuth,
      schema: { tags, security, summary: 'A live declaration by id', params: idParams, response: reads },
    },
    async (request) => {
      await requireTravelerAccess(db, userOf(request), request.params.id, 'read');
      const record = await fetchRecord(db, HEALTH_DECLARATIONS, request.params.id);
      if (!record || record.deletedAt) throw notFound();
      return declarationSchema.parse(record);
    },
  );

  app.post(
    '/api/health-declarations',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Declare for a traveller (the id is the traveller id); the server scores the risk',
        body: declarationCreateSchema,
        response: { 201: declarationSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { id, ...data } = request.body;
      const result = await apply(request, { op: 'create', id, baseVersion: null, data });
      return reply.status(201).send(await answer(id, result));
    },
  );

  app.put(
    '/api/health-declarations/:id',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Replace a declaration on the version it was read at; the risk is scored again',
        params: idParams,
        body: declarationUpdateSchema,
        response: { 200: declarationSchema, ...writeErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { version, ...data } = request.body;
      const existing = await fetchRecord(db, HEALTH_DECLARATIONS, id);
      if (!existing) throw notFound();
      const result = await apply(request, { op: 'update', id, baseVersion: version, data });
      return answer(id, result);
    },
  );
};
