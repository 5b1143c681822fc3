/**
 * Traveller REST API. Writes follow the sync contract (ARCHITECTURE 4.3): they go through
 * applyMutations, so versions, change_seq, tombstones, the write lock and the audit trail stay
 * the same as for a pushed mutation.
 *
 * A stale version answers 409 `{error:{code:'conflict', message, details:{serverRecord}}}`:
 * `details.serverRecord` is the server's current record (a tombstone when it was deleted).
 */
import {
  CSV_BOM,
  type Mutation,
  type PushResult,
  travelerCreateSchema,
  travelerInputSchema,
  uuid,
  versionSchema,
} from '@bh/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, conflict, notFound, validationError } from '../../lib/errors.ts';
import { writeAudit } from '../audit/audit.ts';
import { applyMutations } from '../sync/apply.ts';
import { fetchRecord } from '../sync/records.ts';
import { TRAVELERS } from '../sync/tables.ts';
import { TRAVELER_CSV_COLUMNS, toCsvLine } from './csv.ts';
import { importTravelers } from './import.ts';
import { allTravelers, listTravelers, travelerListQuerySchema } from './query.ts';

const idParams = z.object({ id: uuid() });
const updateBody = travelerInputSchema.extend({ version: versionSchema });
const deleteQuery = z.object({ version: z.coerce.number('validation.invalid_type').pipe(versionSchema) });
/** Largest CSV accepted by the import (about 100,000 rows). */
const IMPORT_BODY_LIMIT = 40 * 1024 * 1024;

/** Turns one REST write's result into a record or the matching API error. */
async function outcome(app: FastifyInstance, result: PushResult, id: string) {
  if (result.status === 'applied' || result.status === 'duplicate') {
    const record = await fetchRecord(app.ctx.database.db, TRAVELERS, id);
    if (!record) throw notFound('Traveler with id not found');
    return record;
  }
  if (result.status === 'rejected') {
    if (result.errors?.some((e) => e.code === 'forbidden')) throw new AppError('forbidden', 'Forbidden');
    throw validationError(result.errors);
  }
  if (!result.serverRecord) throw notFound(`Traveler with id ${id} not found`);
  throw conflict({ serverRecord: result.serverRecord });
}

const writeOne = (app: FastifyInstance, request: FastifyRequest, m: Omit<Mutation, 'seq'>) =>
  applyMutations(app.ctx.database.db, { user: request.user!, ip: request.ip, clientId: null }, [
    { seq: 1, ...m },
  ]).then((results) => results[0]!);

async function readCsvBody(request: FastifyRequest): Promise<string> {
  if (request.isMultipart()) {
    const file = await request.file();
    if (!file) throw validationError([{ field: 'file', code: 'validation.required' }]);
    return (await file.toBuffer()).toString('utf8');
  }
  if (typeof request.body !== 'string') {
    throw new AppError('unsupported_media_type', 'Send the CSV as text/csv or multipart/form-data');
  }
  return request.body;
}

export const travelersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  app.get(
    '/api/travelers',
    { onRequest: app.requireAuth, schema: { querystring: travelerListQuerySchema } },
    async (request) => listTravelers(db, request.query),
  );

  app.get(
    '/api/travelers/export',
    { onRequest: app.requireAuth, schema: { querystring: travelerListQuerySchema } },
    async (request, reply) => {
      const rows = await allTravelers(db, request.query);
      await writeAudit(db, {
        userId: request.user!.id,
        ip: request.ip,
        action: 'traveler.export',
        entity: 'traveler',
        details: { count: rows.length },
      });
      let body = CSV_BOM + toCsvLine(TRAVELER_CSV_COLUMNS);
      for (const row of rows) body += toCsvLine(TRAVELER_CSV_COLUMNS.map((c) => row[c]));
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
    { onRequest: app.requireAuth, schema: { params: idParams } },
    async (request) => {
      const record = await fetchRecord(db, TRAVELERS, request.params.id);
      if (!record || record.deletedAt) throw notFound('Traveler with id not found');
      return record;
    },
  );

  app.post(
    '/api/travelers',
    { onRequest: app.requireAuth, schema: { body: travelerCreateSchema } },
    async (request, reply) => {
      const { id, ...data } = request.body;
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
    { onRequest: app.requireAuth, schema: { params: idParams, body: updateBody } },
    async (request) => {
      const { version, ...data } = request.body;
      const { id } = request.params;
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
    { onRequest: app.requireAuth, schema: { params: idParams, querystring: deleteQuery } },
    async (request) => {
      const { id } = request.params;
      const result = await writeOne(app, request, {
        table: 'travelers',
        op: 'delete',
        id,
        baseVersion: request.query.version,
        data: null,
      });
      return outcome(app, result, id);
    },
  );

  // The import has its own body parsers (CSV text, multipart), kept out of the other modules.
  await app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: IMPORT_BODY_LIMIT, files: 1 } });
    scoped.addContentTypeParser(
      ['text/csv', 'text/plain', 'application/csv'],
      { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scoped.post('/api/travelers/bulk-import', { onRequest: app.requireAuth }, async (request) =>
      importTravelers(db, { user: request.user!, ip: request.ip }, await readCsvBody(request)),
    );
  });
};
