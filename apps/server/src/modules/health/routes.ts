import type { AppInstance } from '../../app.ts';

export async function healthRoutes(app: AppInstance) {
  app.get('/api/health', async () => ({
    status: 'ok' as const,
    db: app.ctx.database.kind,
    version: app.ctx.version,
  }));
}
