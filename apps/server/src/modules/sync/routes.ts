import { pullQuerySchema, pushRequestSchema, SYNC_TABLES } from '@bh/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applyMutations } from './apply.ts';
import { maxChangeSeq, pullChanges } from './pull.ts';
import { fetchRecords } from './records.ts';
import { WRITABLE_TABLES } from './tables.ts';

const recordsQuerySchema = z.object({
  table: z.enum(SYNC_TABLES),
  ids: z
    .string()
    .max(40 * 200)
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(z.string().max(64)).min(1).max(200)),
});

// Crash tests only: hold each push transaction open this long before commit, so a test can
// kill the process mid-batch. Never set in production.
const holdBeforeCommitMs = Number(process.env.BH_TEST_HOLD_PUSH_MS ?? 0);
const beforeCommit =
  holdBeforeCommitMs > 0 ? () => new Promise<void>((r) => setTimeout(r, holdBeforeCommitMs)) : undefined;

export const syncRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, secrets } = app.ctx;

  app.post(
    '/api/sync/push',
    { onRequest: app.requireAuth, schema: { body: pushRequestSchema } },
    async (request) => {
      const { clientId, mutations } = request.body;
      const results = await applyMutations(
        database.db,
        { user: request.user!, ip: request.ip, clientId, beforeCommit },
        mutations,
      );
      return { results };
    },
  );

  app.get(
    '/api/sync/pull',
    { onRequest: app.requireAuth, schema: { querystring: pullQuerySchema } },
    async (request) => pullChanges(database.db, request.query.cursor, request.query.limit, secrets.epoch),
  );

  // The current server copy of a few records (a device re-reads records whose local change
  // the officer discarded). Tombstones included; unknown ids are simply absent.
  app.get(
    '/api/sync/records',
    { onRequest: app.requireAuth, schema: { querystring: recordsQuerySchema } },
    async (request) => {
      const table = WRITABLE_TABLES[request.query.table];
      if (!table) return { records: [] };
      return { records: await fetchRecords(database.db, table, request.query.ids) };
    },
  );

  app.get('/api/sync/status', { onRequest: app.requireAuth }, async () => {
    const counts = (
      await database.db.execute(sql`SELECT
        (SELECT COUNT(*) FROM travelers WHERE deleted_at IS NULL) AS travelers,
        (SELECT COUNT(*) FROM health_declarations WHERE deleted_at IS NULL) AS "healthDeclarations"`)
    ).rows[0] as Record<string, unknown>;
    return {
      serverTime: new Date().toISOString(),
      epoch: secrets.epoch,
      maxChangeSeq: await maxChangeSeq(database.db),
      counts: Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number(v)])),
    };
  });
};
