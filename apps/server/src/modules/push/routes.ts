/**
 * Web push (SPEC section 3, "Push subscription payload"): the browser saves its subscription
 * with POST /api/push-subscriptions; GET /api/push/public-key gives the application server key.
 * No key is configured yet, so the key route answers 404 not_found and the settings page shows
 * push as "not available". Subscriptions are stored per user, one row per endpoint.
 */
import { randomUUID } from 'node:crypto';
import { pushSubscriptionPayloadSchema } from '@bh/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  app.get('/api/push/public-key', { onRequest: app.requireAuth }, async () => {
    // TODO: serve the VAPID public key once key generation (ARCHITECTURE section 2) lands.
    throw notFound('Push notifications are not configured');
  });

  app.post(
    '/api/push-subscriptions',
    { onRequest: app.requireAuth, schema: { body: pushSubscriptionPayloadSchema } },
    async (request, reply) => {
      const { subscription, userAgent, timestamp } = request.body;
      // The same browser subscribing again (or after another user logged in on it) keeps one row.
      const res = await db.execute(sql`
        INSERT INTO push_subscriptions (id, user_id, endpoint, keys, user_agent, created_at)
        VALUES (${randomUUID()}, ${request.user!.id}, ${subscription.endpoint},
                ${JSON.stringify(subscription.keys)}::jsonb, ${userAgent}, ${timestamp})
        ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, keys = EXCLUDED.keys,
          user_agent = EXCLUDED.user_agent, created_at = EXCLUDED.created_at
        RETURNING id`);
      const row = res.rows[0] as { id: string };
      return reply.code(201).send({ id: row.id });
    },
  );
};
