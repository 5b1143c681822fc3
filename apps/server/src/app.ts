import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isPlainPushRequest, pushRequestSchema } from '@bh/shared';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerBackupSocket } from './backup/backup-socket.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { writeAudit } from './modules/audit/audit.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { activeSession } from './modules/auth/sessions.ts';
import { configRoutes } from './modules/config/routes.ts';
import { declarationsRoutes } from './modules/declarations/routes.ts';
import { filesRoutes } from './modules/files/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { lifecycleRoutes } from './modules/lifecycle/routes.ts';
import { notificationsRoutes } from './modules/notifications/routes.ts';
import { postsRoutes } from './modules/posts/routes.ts';
import { preArrivalsRoutes } from './modules/pre-arrivals/routes.ts';
import { privacyRoutes } from './modules/privacy/routes.ts';
import { pushRoutes } from './modules/push/routes.ts';
import { reportsRoutes } from './modules/reports/routes.ts';
import { syncRoutes } from './modules/sync/routes.ts';
import { systemStatusRoutes } from './modules/system-status/routes.ts';
import { travelersRoutes } from './modules/travelers/routes.ts';
import { travelerTrashRoutes } from './modules/travelers/trash-routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { registerAuthGuard } from './plugins/auth-guard.ts';
import { registerCompression } from './plugins/compression.ts';
import './plugins/context.ts';
import { repoRoot } from './paths.ts';
import { answerFrameworkError, registerErrorHandling } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerJsonBody } from './plugins/json-body.ts';
import { registerMetrics, ServerMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerRequestId, requestIdOf } from './plugins/request-id.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStaticWeb } from './plugins/static-web.ts';
import { loadSecrets } from './secrets.ts';
import { seedBaseline, seedOnStart } from './seed.ts';

/** Every API module, registered in order. A new module joins this list (and the role table test). */
const API_MODULES = [
  healthRoutes,
  syncRoutes,
  authRoutes,
  usersRoutes,
  travelersRoutes,
  travelerTrashRoutes,
  declarationsRoutes,
  filesRoutes,
  systemStatusRoutes,
  notificationsRoutes,
  configRoutes,
  pushRoutes,
  preArrivalsRoutes,
  lifecycleRoutes,
  reportsRoutes,
  auditRoutes,
  postsRoutes,
  privacyRoutes,
];

const version = (
  JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

export function logRequest(req: { method: string; url: string; ip?: string }) {
  return { method: req.method, url: req.url.split('?')[0], ip: req.ip };
}

/** Builds the whole server (API + web app) around an opened database. */
export async function buildApp(config: Config, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            // Paths only: query strings carry search terms such as passport numbers.
            serializers: { req: logRequest },
          },
    // TRUST_PROXY=N: the client is N hops from the right of X-Forwarded-For (config.ts). A hop
    // function, because Fastify ignores X-Forwarded-* altogether when given a bare number.
    trustProxy: config.TRUST_PROXY > 0 ? (_address: string, hop: number) => hop < config.TRUST_PROXY : false,
    bodyLimit: 8 * 1024 * 1024,
    // On close, idle keep-alive connections go at once and requests under way finish (main.ts
    // cuts what still runs after a deadline): a write in flight gets its answer.
    forceCloseConnections: 'idle',
    frameworkErrors: answerFrameworkError,
    // A client's X-Request-Id when acceptable, else a random one (plugins/request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();
  // A sync push body that pushRequestSchema would take as it is (isPlainPushRequest) goes by
  // without zod's copy of every mutation; any other body is validated by its schema, errors and all.
  app.setValidatorCompiler<Parameters<typeof validatorCompiler>[0]['schema']>((route) => {
    const bySchema = validatorCompiler(route);
    if (route.schema !== pushRequestSchema) return bySchema;
    return (data) => (isPlainPushRequest(data) ? { value: data } : bySchema(data));
  });
  app.setSerializerCompiler(serializerCompiler);

  const secrets = await loadSecrets(config, database);
  const metrics = new ServerMetrics(database);
  app.decorate('ctx', { config, database, secrets, version, startedAt: new Date(), metrics });

  registerRequestId(app);
  registerErrorHandling(app);
  registerMetrics(app, metrics, config);
  // npm run backup asks a running server for a copy of its embedded database (backup/).
  registerBackupSocket(app, database, config.dataDir);
  registerJsonBody(app);
  registerInputGuard(app);
  await registerSecurityHeaders(app);
  await registerCompression(app);
  await app.register(fastifyCookie);
  // Before any route: the plugin attaches its hook to each route as the route is added.
  await registerRateLimit(app, database.db, config.RATE_LIMIT_PER_MINUTE);
  registerAuthGuard(app, {
    secret: secrets.jwtSecret,
    sessionScope: async (sessionId, userId, role) =>
      (await activeSession(database.db, sessionId, userId, role))?.scope ?? null,
  });
  app.onRoleDenied = async (request) => {
    await writeAudit(database.db, {
      userId: request.user?.id ?? null,
      ip: request.ip,
      action: 'access.denied',
      details: {
        method: request.method,
        route: request.routeOptions.url ?? request.url,
        role: request.user?.role,
      },
    });
  };

  await seedBaseline(database);
  const retired = await seedOnStart(database, config);
  if (retired.length > 0)
    app.log.warn({ retired }, 'demo accounts disabled: this server is not in demo mode');
  if (config.demo) app.log.warn('demo mode: demo accounts with public passwords are enabled');
  await registerOpenApi(app, version);
  for (const routes of API_MODULES) await app.register(routes);

  await registerStaticWeb(app, config.webDist);
  return app;
}
