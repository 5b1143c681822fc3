/**
 * GET /api/audit (admins): the audit trail, newest first, filtered and keyset-paged; with
 * format=csv the whole filtered trail as a CSV download (read page by page).
 */
import { Readable } from 'node:stream';
import {
  type AuditQuery,
  auditPageSchema,
  auditQuerySchema,
  CSV_BOM,
  readBatchAnswerSchema,
  readBatchSchema,
} from '@bh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../lib/responses.ts';
import { userOf } from '../../plugins/auth-guard.ts';
import { BEARER } from '../../plugins/openapi.ts';
import { currentDevice } from '../auth/devices.ts';
import { toCsvLine } from '../travelers/csv.ts';
import { nextTurn } from '../travelers/export.ts';
import { storeReads } from './reads.ts';
import { AUDIT_CSV_HEADER, auditPage, AUDIT_CSV_COLUMNS as COLUMNS } from './store.ts';

const CSV_PAGE = 500;

const csvDownload = z
  .custom<Readable>((value) => value instanceof Readable)
  .meta({
    description: 'format=csv: text/csv; charset=utf-8 with a UTF-8 BOM, one line per entry, newest first',
  });

const json = (value: unknown) => (value === null ? '' : JSON.stringify(value));

async function* auditCsv(db: Db, query: AuditQuery): AsyncGenerator<string> {
  yield CSV_BOM + toCsvLine(AUDIT_CSV_HEADER);
  let cursor = query.cursor;
  for (;;) {
    const page = await auditPage(db, { ...query, cursor }, CSV_PAGE);
    let piece = '';
    for (const e of page.items) {
      piece += toCsvLine([
        ...COLUMNS.map((c) => e[c]),
        json(e.oldValues),
        json(e.newValues),
        json(e.details),
      ]);
    }
    if (piece) yield piece;
    if (page.nextCursor === null) return;
    cursor = page.nextCursor;
    await nextTurn();
  }
}

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  // The audit viewer may lag a few seconds: on the replica when there is one (db/read-replica.ts).
  const viewer = app.ctx.database.reads.db;
  app.get(
    '/api/audit',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['audit'],
        security: BEARER,
        querystring: auditQuerySchema,
        response: {
          200: z.union([auditPageSchema, csvDownload]),
          ...errorResponses('validation_error', 'unauthorized', 'forbidden'),
        },
      },
    },
    async (request, reply) => {
      const { limit, format, ...filters } = request.query;
      if (format === 'json') return auditPage(viewer, filters, limit);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="audit-${day}.csv"`)
        .send(Readable.from(auditCsv(viewer, request.query), { highWaterMark: 1 }));
    },
  );

  // Reads audited (issue 33 point 5): any signed-in user sends what they opened; the entries are
  // theirs, from the device of their session, whatever the body says.
  app.post(
    '/api/audit/reads',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['audit'],
        security: BEARER,
        summary: "Record a batch of the caller's reads (a traveller's declaration or files opened)",
        body: readBatchSchema,
        response: {
          200: readBatchAnswerSchema,
          ...errorResponses('validation_error', 'unauthorized'),
        },
      },
    },
    async (request) => {
      const me = userOf(request);
      const deviceId = await currentDevice(db, me.sessionId);
      return storeReads(db, { userId: me.id, ip: request.ip, deviceId }, request.body.events);
    },
  );
};
