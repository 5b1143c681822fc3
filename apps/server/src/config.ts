import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from './paths.ts';

/** Server configuration, read once from the environment and validated. */
const boolFromEnv = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Legacy switch: SEED_DEMO=false turns demo mode off (other values change nothing). */
  SEED_DEMO: boolFromEnv.optional(),
  /** Demo mode (demo accounts seeded, login page lists them); default: see `demoMode`. */
  DEMO: boolFromEnv.optional(),
  /** First admin, created at start when no admin exists yet (both or neither; modules/auth/admin.ts). */
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  ADMIN_NAME: z.string().optional(),
  /** Trust X-Forwarded-For only behind a known proxy (else a client could fake its address). */
  TRUST_PROXY: boolFromEnv.default(false),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
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
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    webDist: path.resolve(c.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    demo: demoMode(c),
  };
}
