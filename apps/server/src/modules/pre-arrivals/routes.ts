/**
 * Pre-arrival submissions. A traveller posts anonymously (rate-limited per address) and gets a
 * reference code (at most RATE_LIMIT_PRE_ARRIVALS_PER_HOUR per address); officers and admins read one code at a time and mark it used when imported.
 * There is deliberately no list route: a code is the only way to a submission.
 */
import {
  preArrivalCodeParamsSchema,
  preArrivalReceiptSchema,
  preArrivalRecordSchema,
  preArrivalSendSchema,
} from '@bh/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/responses.ts';
import { userOf } from '../../plugins/auth-guard.ts';
import { BEARER } from '../../plugins/openapi.ts';
import { perAddress } from '../../plugins/rate-limit.ts';
import { readsPost } from '../posts/scope.ts';
import { listPosts } from '../posts/store.ts';
import { findPreArrival, markPreArrivalUsed, purgeExpired, savePreArrival } from './store.ts';

const tags = ['pre-arrivals'];
const PURGE_INTERVAL_MS = 15 * 60 * 1000;

export const preArrivalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  // Expired submissions are removed every 15 minutes (and never answered once expired).
  const timer = setInterval(() => {
    purgeExpired(db).catch((err: unknown) => app.log.warn({ err }, 'pre-arrival purge failed'));
  }, PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.post(
    '/api/pre-arrivals',
    {
      config: { rateLimit: perAddress(app.ctx.config.RATE_LIMIT_PRE_ARRIVALS_PER_HOUR, '1 hour') },
      schema: {
        tags,
        // The submission and the consent to the privacy notice (required).
        body: preArrivalSendSchema,
        response: { 201: preArrivalReceiptSchema, ...errorResponses('validation_error', 'rate_limited') },
      },
    },
    async (request, reply) => {
      await purgeExpired(db);
      const { consent, ...submission } = request.body;
      return reply.status(201).send(await savePreArrival(db, submission, consent, request.ip));
    },
  );

  const officer = {
    onRequest: app.requireAuth,
    schema: {
      tags,
      security: BEARER,
      params: preArrivalCodeParamsSchema,
      response: {
        200: preArrivalRecordSchema,
        ...errorResponses('validation_error', 'unauthorized', 'not_found'),
      },
    },
  };

  /**
   * A submission naming a post of arrival is found by that post's officers (and those who read
   * it: supervisors, analysts, admins) only; one naming none, by every officer.
   */
  const visible = async (request: FastifyRequest, post: string | undefined) => {
    if (post === undefined) return true;
    const named = (await listPosts(db)).find((p) => p.code === post);
    return named === undefined || readsPost(userOf(request).scope, named.id);
  };

  app.get('/api/pre-arrivals/:code', officer, async (request) => {
    const record = await findPreArrival(db, request.params.code);
    if (!record || !(await visible(request, record.submission.post)))
      throw notFound('Pre-arrival submission not found or expired');
    return record;
  });

  app.post('/api/pre-arrivals/:code/used', officer, async (request) => {
    const found = await findPreArrival(db, request.params.code);
    if (!found || !(await visible(request, found.submission.post)))
      throw notFound('Pre-arrival submission not found or expired');
    const record = await markPreArrivalUsed(db, request.params.code, userOf(request).id);
    if (!record) throw notFound('Pre-arrival submission not found or expired');
    return record;
  });
};
