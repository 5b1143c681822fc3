/**
 * Notifications of the current user: list (seeded with the spec's two on first read), mark one
 * or all read, remove one, clear all. Every query is scoped to request.user, so nobody can touch
 * another user's notifications (a foreign id answers 404).
 */
import {
  idParamsSchema,
  notificationListSchema,
  notificationReadSchema,
  notificationsDeletedSchema,
  notificationsUpdatedSchema,
} from '@bh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/responses.ts';
import { userOf } from '../../plugins/auth-guard.ts';
import { bearerTagged } from '../../plugins/openapi.ts';
import { listNotifications, markRead, removeNotifications, seedOnce } from './store.ts';

const notifications = bearerTagged('notifications');

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const onRequest = app.requireAuth;
  /** Options of a route over all the user's notifications: it answers `answer`, or 401. */
  const overAll = <T extends z.ZodType>(answer: T) => ({
    onRequest,
    schema: { ...notifications, response: { 200: answer, ...errorResponses('unauthorized') } },
  });

  /** Options of a route over one notification (`:id`): it answers `answers`, or 400/401/404. */
  const overOne = <R extends { 200: z.ZodType } | { 204: z.ZodType }>(answers: R) => ({
    onRequest,
    schema: {
      ...notifications,
      params: idParamsSchema,
      response: { ...answers, ...errorResponses('unauthorized', 'validation_error', 'not_found') },
    },
  });

  app.get('/api/notifications', overAll(notificationListSchema), async (request) => {
    const userId = userOf(request).id;
    await seedOnce(db, userId);
    const items = await listNotifications(db, userId);
    return { items, unreadCount: items.filter((n) => !n.read).length };
  });

  app.put('/api/notifications/read-all', overAll(notificationsUpdatedSchema), async (request) => ({
    updated: await markRead(db, userOf(request).id),
  }));

  app.put('/api/notifications/:id/read', overOne({ 200: notificationReadSchema }), async (request) => {
    if ((await markRead(db, userOf(request).id, request.params.id)) === 0) throw notFound();
    return { ok: true as const };
  });

  app.delete(
    '/api/notifications/:id',
    overOne({ 204: z.null().describe('Removed') }),
    async (request, reply) => {
      if ((await removeNotifications(db, userOf(request).id, request.params.id)) === 0) throw notFound();
      return reply.code(204).send(null);
    },
  );

  app.delete('/api/notifications', overAll(notificationsDeletedSchema), async (request) => ({
    deleted: await removeNotifications(db, userOf(request).id),
  }));
};
