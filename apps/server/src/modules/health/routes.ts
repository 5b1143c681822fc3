import { healthAnswerSchema } from '@bh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/responses.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], response: { 200: healthAnswerSchema, ...errorResponses() } } },
    async () => ({ status: 'ok' as const, db: app.ctx.database.kind, version: app.ctx.version }),
  );
};
