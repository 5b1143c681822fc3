/**
 * Web push: the browser saves its subscription with POST /api/push-subscriptions; GET
 * /api/push/public-key gives the application server key. No key is configured yet, so the key
 * route answers 404 not_found and the settings page shows push as "not available".
 * Subscriptions are stored per user, one row per endpoint.
 */
import { randomUUID } from 'node:crypto';
import { pushPublicKeySchema, pushSubscriptionPayloadSchema, pushSubscriptionSavedSchema } from '@bh/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pushSubscriptions } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/responses.ts';
import { userOf } from '../../plugins/auth-guard.ts';
import { BEARER } from '../../plugins/openapi.ts';

const push = { tags: ['push'], security: BEARER };

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  app.get(
    '/api/push/public-key',
    {
      onRequest: app.requireAuth,
      schema: {
        ...push,
        response: { 200: pushPublicKeySchema, ...errorResponses('unauthorized', 'not_found') },
      },
    },
    async () => {
      // No VAPID key pair is generated yet; the route answers like any missing resource until then.
      throw notFound('Push notifications are not configured');
    },
  );

  app.post(
    '/api/push-subscriptions',
    {
      onRequest: app.requireAuth,
      schema: {
        ...push,
        body: pushSubscriptionPayloadSchema,
        response: { 201: pushSubscriptionSavedSchema, ...errorResponses('unauthorized', 'validation_error') },
      },
    },
    async (request, reply) => {
      const { subscription, userAgent, timestamp } = request.body;
      // The same browser subscribing again (or after another user logged in on it) keeps one row.
      const [row] = await db
        .insert(pushSubscriptions)
        .values({
          id: randomUUID(),
          userId: userOf(request).id,
          endpoint: subscription.endpoint,
          keys: subscription.keys,
          userAgent,
          createdAt: new Date(timestamp),
        })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: sql`excluded.user_id`,
            keys: sql`excluded.keys`,
            userAgent: sql`excluded.user_agent`,
            createdAt: sql`excluded.created_at`,
          },
        })
        .returning({ id: pushSubscriptions.id });
      if (!row) throw new AppError('server_error', 'Server error, please try again later');
      return reply.code(201).send(row);
    },
  );
};
