/**
 * Deleted travellers, for admins: the list of tombstones (with the reason and who deleted, from
 * the audit trail) and restore, which is an update of the tombstone through the sync contract
 * (version bump, change_seq, audit) so every device pulls the traveller back.
 */
import {
  type DeletedTraveler,
  deletedTravelerListSchema,
  travelerIdParamsSchema,
  travelerRestoreSchema,
  travelerSchema,
} from '@bh/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { lookupByKeys } from '../../db/lookup.ts';
import { auditEvents } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/responses.ts';
import { userOf } from '../../plugins/auth-guard.ts';
import { BEARER } from '../../plugins/openapi.ts';
import { outcome, writeOne } from './routes.ts';
import { deletedTravelers, travelerById } from './store.ts';

const tags = ['travelers'];
const DELETED_LIST_LIMIT = 500;
const reasonDetails = z.object({ reason: z.string() }).partial();

async function withReasons(db: Db, list: DeletedTraveler['traveler'][]): Promise<DeletedTraveler[]> {
  const ids = list.map((t) => t.id);
  const events = await lookupByKeys(ids, () =>
    db
      .select({ entityId: auditEvents.entityId, userId: auditEvents.userId, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'traveler.delete'), inArray(auditEvents.entityId, ids)))
      .orderBy(desc(auditEvents.id)),
  );
  const latest = new Map<string, (typeof events)[number]>();
  for (const event of events)
    if (event.entityId && !latest.has(event.entityId)) latest.set(event.entityId, event);
  return list.map((traveler) => {
    const event = latest.get(traveler.id);
    const details = reasonDetails.safeParse(event?.details);
    return {
      traveler,
      reason: (details.success ? details.data.reason : undefined) ?? null,
      deletedBy: event?.userId ?? null,
    };
  });
}

export const travelerTrashRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const adminOnly = app.requireRole('admin');

  app.get(
    '/api/travelers/deleted',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security: BEARER,
        response: { 200: deletedTravelerListSchema, ...errorResponses('unauthorized', 'forbidden') },
      },
    },
    async (request) => ({
      items: await withReasons(db, await deletedTravelers(db, DELETED_LIST_LIMIT, userOf(request).scope)),
    }),
  );

  app.post(
    '/api/travelers/:id/restore',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security: BEARER,
        params: travelerIdParamsSchema,
        body: travelerRestoreSchema,
        response: {
          200: travelerSchema,
          ...errorResponses('validation_error', 'unauthorized', 'forbidden', 'not_found', 'conflict'),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const record = await travelerById(db, id);
      if (!record?.deletedAt) throw notFound('Deleted traveller not found');
      const { id: _id, version: _v, createdAt: _c, updatedAt: _u, deletedAt: _d, ...data } = record;
      const result = await writeOne(app, request, {
        table: 'travelers',
        op: 'update',
        id,
        baseVersion: request.body.version,
        data,
      });
      return outcome(app, result, id);
    },
  );
};
