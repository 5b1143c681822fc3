import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from './paths.ts';

/** Server configuration, read once from the environment and validated. */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const boolFromEnv = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * TRUST_PROXY: how many proxies of our own stand in front of the server. The client address is
 * the one that many hops from the right of X-Forwarded-For (the entry our nearest proxy added);
 * anything further left was written by the client and is never believed. true means one proxy,
 * false (the default) none: X-Forwarded-* headers are ignored.
 */
const proxyHops = z
  .string()
  .regex(/^(true|false|\d{1,2})$/, 'must be true, false or a number of proxies (0-99)')
  .transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v)));

/** A positive whole number of requests (a rate limit). */
const limit = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /**
   * A streaming replica of DATABASE_URL's database for reads that may lag (reports, exports, the
   * audit trail, pulls it has replayed far enough for); db/read-replica.ts.
   */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** Connections each server keeps to PostgreSQL at most. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /**
   * PostgreSQL: apply the migrations at start (the default), or only check that `npm run migrate`
   * applied them, when DATABASE_URL goes through a transaction pooler (docs/deployment.md).
   */
  MIGRATE_AT_START: boolFromEnv.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Legacy switch: SEED_DEMO=false turns demo mode off (other values change nothing). */
  SEED_DEMO: boolFromEnv.optional(),
  /** Demo mode (demo accounts seeded, login page lists them); default: see `demoMode`. */
  DEMO: boolFromEnv.optional(),
  /** First admin, created at start when no admin exists yet (both or neither; modules/auth/admin.ts). */
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  ADMIN_NAME: z.string().optional(),
  /** Number of trusted proxies in front of the server (see `proxyHops`). */
  TRUST_PROXY: proxyHops.default(0),
  /** Requests per minute one address may send to the API (a ceiling for every route). */
  RATE_LIMIT_PER_MINUTE: limit(1200),
  /** Account requests (registrations) and password-reset requests per hour per address. */
  RATE_LIMIT_ACCOUNT_FORMS_PER_HOUR: limit(5),
  /** Failed logins per 15 minutes: for one account from one address, ... */
  RATE_LIMIT_LOGIN_FAILURES: limit(5),
  /** ... for one account from all addresses together, ... */
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: limit(20),
  /** ... and from one address over all accounts. */
  RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: limit(30),
  /** Anonymous pre-arrival submissions per hour per address (a family or a tour group fits). */
  RATE_LIMIT_PRE_ARRIVALS_PER_HOUR: limit(20),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** IANA time zone of the border post: the calendar days reports and the dashboard count in. */
  POST_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as Asia/Ho_Chi_Minh')
    .default('Asia/Ho_Chi_Minh'),
  WEB_DIST: z.string().optional(),
  /** Web push application server keys (base64url); unset, a pair is generated once into DATA_DIR. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  /** Contact of the push sender for the push services: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https: URL')
    .optional(),
  /** Extra push service origins accepted besides the browsers' own (comma-separated https origins). */
  PUSH_ENDPOINT_ALLOW: z.string().optional(),
  NODE_ENV: z.string().optional(),
  /** Prometheus metrics on a listener of their own (plugins/metrics.ts); unset: none. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Address of that listener: keep it private (loopback, or the scrapers' network). */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Serves /metrics on the app's own port too, to `Authorization: Bearer <this token>` only. */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
});

export type Config = z.infer<typeof configSchema> & {
  dataDir: string;
  webDist: string;
  /** Demo mode is on: the demo accounts are seeded and GET /api/auth/demo answers true. */
  demo: boolean;
};

/**
 * Demo mode: DEMO=1/true or 0/false decides; unset, it is on only for a trial run (the embedded
 * database and NODE_ENV other than 'production'). SEED_DEMO=false always turns it off.
 */
function demoMode(c: Pick<Config, 'DEMO' | 'SEED_DEMO' | 'DATABASE_URL' | 'NODE_ENV'>): boolean {
  if (c.SEED_DEMO === false) return false;
  return c.DEMO ?? (c.DATABASE_URL === undefined && c.NODE_ENV !== 'production');
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}: ${issue?.message ?? 'invalid'}`);
  }
  const c = result.data;
  if (c.DATABASE_READ_URL && !c.DATABASE_URL)
    throw new ConfigError(
      'Invalid environment variable DATABASE_READ_URL: a replica of DATABASE_URL, which is not set',
    );
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    webDist: path.resolve(c.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    demo: demoMode(c),
  };
}
