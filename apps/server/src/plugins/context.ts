/**
 * What every API module may use, typed in one place: the `ctx` decorator (config, database,
 * secrets, version, metrics) set by app.ts before any module registers. Modules are
 * `FastifyPluginAsyncZod` plugins and never import app.ts (docs/architecture.md, "Layering").
 */
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Secrets } from '../secrets.ts';
import type { ServerMetrics } from './metrics.ts';

interface AppContext {
  config: Config;
  database: Database;
  secrets: Secrets;
  version: string;
  startedAt: Date;
  /** Prometheus metrics the routes report to (plugins/metrics.ts). */
  metrics: ServerMetrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
