/**
 * Notifications of the current user: list (seeded with the spec's two on first read), mark one
 * or all read, remove one, clear all. Every query is scoped to request.user, so nobody can touch
 * another user's notifications (a foreign id answers 404).
 */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { listNotifications, seedOnce } from './service.ts';

const idParams = z.object({ id: z.uuid() });

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  app.get('/api/notifications', { onRequest: app.requireAuth }, async (request) => {
    await seedOnce(db, request.user!.id);
    const items = await listNotifications(db, request.user!.id);
    return { items, unreadCount: items.filter((n) => !n.read).length };
  });

  app.put('/api/notifications/read-all', { onRequest: app.requireAuth }, async (request) => {
    const res = await db.execute(sql`UPDATE notifications SET read = true
      WHERE user_id = ${request.user!.id} AND read = false RETURNING id`);
    return { updated: res.rows.length };
  });

  app.put(
    '/api/notifications/:id/read',
    { onRequest: app.requireAuth, schema: { params: idParams } },
    async (request) => {
      const res = await db.execute(sql`UPDATE notifications SET read = true
        WHERE id = ${request.params.id} AND user_id = ${request.user!.id} RETURNING id`);
      if (res.rows.length === 0) throw notFound();
      return { ok: true };
    },
  );

  app.delete(
    '/api/notifications/:id',
    { onRequest: app.requireAuth, schema: { params: idParams } },
    async (request, reply) => {
      const res = await db.execute(sql`DELETE FROM notifications
        WHERE id = ${request.params.id} AND user_id = ${request.user!.id} RETURNING id`);
      if (res.rows.length === 0) throw notFound();
      return reply.code(204).send();
    },
  );

  app.delete('/api/notifications', { onRequest: app.requireAuth }, async (request) => {
    const res = await db.execute(
      sql`DELETE FROM notifications WHERE user_id = ${request.user!.id} RETURNING id`,
    );
    return { deleted: res.rows.length };
  });
};
