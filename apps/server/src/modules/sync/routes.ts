import { pullQuerySchema, pushRequestSchema } from '@bh/shared';
import { sql } from 'drizzle-orm';
import type { AppInstance } from '../../app.ts';
import { applyMutations } from './apply.ts';
import { maxChangeSeq, pullChanges } from './pull.ts';

// Crash tests only: hold each push transaction open this long before commit, so a test can
// kill the process mid-batch. Never set in production.
const holdBeforeCommitMs = Number(process.env.BH_TEST_HOLD_PUSH_MS ?? 0);
const beforeCommit =
  holdBeforeCommitMs > 0 ? () => new Promise<void>((r) => setTimeout(r, holdBeforeCommitMs)) : undefined;

export async function syncRoutes(app: AppInstance) {
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
}
