import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', async () => ({
    status: 'ok' as const,
    db: app.ctx.database.kind,
    version: app.ctx.version,
  }));
};
