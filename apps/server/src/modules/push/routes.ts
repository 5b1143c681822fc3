/**
 * Web push: GET /api/push/public-key gives the VAPID public key (vapid.ts); the browser saves
 * its subscription with POST /api/push-subscriptions (one row per endpoint, at most
 * MAX_SUBSCRIPTIONS per user), lists them with GET and gives one up with DELETE. Endpoints
 * outside the push services' allow list are refused (endpoint-allow.ts). Messages are queued by
 * the modules that cause them (queue.ts) and sent by the job loop (sender.ts), which runs while
 * the server listens.
 */
import { randomUUID } from 'node:crypto';
import {
  pushPublicKeySchema,
  pushSubscriptionDeletedSchema,
  pushSubscriptionDeleteSchema,
  pushSubscriptionListSchema,
  pushSubscriptionPayloadSchema,
  pushSubscriptionSavedSchema,
} from '@bh/shared';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/responses.ts';
import { userOf } from '../../plugins/auth-guard.ts';
import { bearerTagged } from '../../plugins/openapi.ts';
import { endpointAllow, parseAllowedOrigins } from './endpoint-allow.ts';
import { createPushSender } from './sender.ts';
import { loadVapidKeys } from './vapid.ts';

const push = bearerTagged('push');

/** Browsers a user keeps subscribed; a new one beyond this replaces the oldest. */
const MAX_SUBSCRIPTIONS = 10;

async function keepNewest(db: Db, userId: string) {
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(MAX_SUBSCRIPTIONS);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
}

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const vapid = loadVapidKeys(app.ctx.config);
  const allow = endpointAllow(parseAllowedOrigins(app.ctx.config.PUSH_ENDPOINT_ALLOW));
  const sender = createPushSender({ db, vapid, allow, log: app.log });
  // Only a listening server sends (inject-only test apps leave the queue to the test).
  app.addHook('onListen', async () => sender.start());
  app.addHook('onClose', async () => sender.stop());

  app.get(
    '/api/push/public-key',
    {
      onRequest: app.requireAuth,
      schema: { ...push, response: { 200: pushPublicKeySchema, ...errorResponses('unauthorized') } },
    },
    async () => ({ publicKey: vapid.publicKey }),
  );

  app.get(
    '/api/push-subscriptions',
    {
      onRequest: app.requireAuth,
      schema: { ...push, response: { 200: pushSubscriptionListSchema, ...errorResponses('unauthorized') } },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userOf(request).id))
        .orderBy(desc(pushSubscriptions.createdAt));
      return {
        items: rows.map((r) => ({
          id: r.id,
          endpoint: r.endpoint,
          userAgent: r.userAgent,
          createdAt: r.createdAt.toISOString(),
        })),
      };
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
      const { subscription, userAgent } = request.body;
      if (!allow(subscription.endpoint)) {
        throw validationError(
          [{ field: 'subscription.endpoint', code: 'push.errors.endpointNotAllowed' }],
          'This push service is not accepted',
        );
      }
      const userId = userOf(request).id;
      // The same browser subscribing again (or after another user logged in on it) keeps one row.
      const [row] = await db
        .insert(pushSubscriptions)
        .values({
          id: randomUUID(),
          userId,
          endpoint: subscription.endpoint,
          keys: subscription.keys,
          userAgent,
          // Server time (microseconds): the client's timestamp is checked but orders nothing.
          createdAt: sql`now()`,
        })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: sql`excluded.user_id`,
            keys: sql`excluded.keys`,
            userAgent: sql`excluded.user_agent`,
            createdAt: sql`now()`,
          },
        })
        .returning({ id: pushSubscriptions.id });
      if (!row) throw new AppError('server_error', 'Server error, please try again later');
      await keepNewest(db, userId);
      return reply.code(201).send(row);
    },
  );

  app.delete(
    '/api/push-subscriptions',
    {
      onRequest: app.requireAuth,
      schema: {
        ...push,
        body: pushSubscriptionDeleteSchema,
        response: {
          200: pushSubscriptionDeletedSchema,
          ...errorResponses('unauthorized', 'validation_error'),
        },
      },
    },
    async (request) => {
      const gone = await db
        .delete(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.endpoint, request.body.endpoint),
            eq(pushSubscriptions.userId, userOf(request).id),
          ),
        )
        .returning({ id: pushSubscriptions.id });
      return { deleted: gone.length };
    },
  );
};
