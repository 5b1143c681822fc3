/**
 * API test harness: the real app on a real database (in-memory PGlite, or the PostgreSQL of
 * DATABASE_URL when the suite runs its PostgreSQL pass). One database per test file; reset()
 * empties every table between tests.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PostAssignment } from '@bh/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { signJwt } from '../lib/jwt.ts';
import { forgetActiveSessions } from '../modules/auth/sessions.ts';
import { forgetPosts, replaceAssignments } from '../modules/posts/store.ts';
import { forgetSearchIndex } from '../modules/travelers/search-index.ts';
import { seedBaseline } from '../seed.ts';
import { pgliteTemplate } from './pglite-template.ts';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** Settings for suites that send thousands of requests from one address (the route fuzz). */
export const UNTHROTTLED: Record<string, string> = {
  RATE_LIMIT_PER_MINUTE: '1000000',
  RATE_LIMIT_ACCOUNT_FORMS_PER_HOUR: '1000000',
  RATE_LIMIT_LOGIN_FAILURES: '1000000',
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '1000000',
  RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: '1000000',
  RATE_LIMIT_PRE_ARRIVALS_PER_HOUR: '1000000',
};

export interface Harness {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  reset(): Promise<void>;
  close(): Promise<void>;
  /**
   * Another server instance on the same database (a second server, or this one restarted), with
   * `env` on top of the harness's; the caller closes it. `ownConnection`: on PostgreSQL it opens
   * its own connection pool, as a second server process would (PGlite has one connection only).
   */
  instance(env?: Record<string, string>, opts?: { ownConnection?: boolean }): Promise<FastifyInstance>;
  /**
   * A user with a live session and its bearer header. An officer works at TEST_POST_ID unless
   * `assignments` says otherwise (none: an account not assigned anywhere yet).
   */
  user(
    role?: 'admin' | 'officer',
    assignments?: readonly PostAssignment[],
  ): Promise<{ id: string; headers: { authorization: string } }>;
}

/** The post every harness user works at unless told otherwise (reset() creates it). */
export const TEST_POST_ID = '0b0e0000-0000-4000-8000-000000000001';
/** A second post, for scope tests (reset() creates it). */
export const OTHER_POST_ID = '0b0e0000-0000-4000-8000-000000000002';

const TABLES = [
  'post_assignments',
  'post_departures',
  'posts',
  'audit_events',
  'applied_mutations',
  'sync_clients',
  'notifications',
  'push_subscriptions',
  'files',
  'health_declarations',
  'traveler_events',
  'check_ins',
  'travelers',
  'account_requests',
  'sessions',
  'users',
  'system_status',
  'pre_arrivals',
  'rate_limits',
  'privacy_settings',
  'traveler_privacy',
];

export async function createHarness(env: Record<string, string> = {}): Promise<Harness> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bh-test-'));
  const url = process.env.DATABASE_URL;
  const database = await openDatabase(
    url ? { databaseUrl: url, dataDir: null } : { dataDir: null, copy: await pgliteTemplate() },
  );
  const configOf = (more: Record<string, string>) =>
    loadConfig({
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      JWT_SECRET: TEST_JWT_SECRET,
      ...env,
      ...more,
    });
  const config = configOf({});
  const reset = async () => {
    await database.db.execute(sql.raw(`TRUNCATE ${TABLES.join(', ')} RESTART IDENTITY CASCADE`));
    await database.db.execute(sql`INSERT INTO posts (id, code, name, kind, province, time_zone) VALUES
      (${TEST_POST_ID}, 'TST', '{"vi":"Cửa khẩu thử","en":"Test post","ja":"テスト検疫所"}', 'airport', 'Hà Nội', 'Asia/Ho_Chi_Minh'),
      (${OTHER_POST_ID}, 'OTH', '{"vi":"Cửa khẩu khác","en":"Other post","ja":"別の検疫所"}', 'land', 'Lạng Sơn', 'Asia/Ho_Chi_Minh')`);
    forgetPosts();
    forgetSearchIndex(database.db);
    forgetActiveSessions();
    await seedBaseline(database);
  };
  await reset();
  const app = await buildApp(config, database);
  await app.ready();
  return {
    app,
    database,
    dataDir,
    reset,
    async close() {
      await app.close();
      await database.close();
    },
    async instance(more = {}, opts = {}) {
      const own = opts.ownConnection && url ? await openDatabase({ databaseUrl: url, dataDir: null }) : null;
      const other = await buildApp(configOf(more), own ?? database);
      if (own) other.addHook('onClose', () => own.close());
      await other.ready();
      return other;
    },
    async user(role = 'officer', assignments = [{ role: 'officer', postId: TEST_POST_ID, province: null }]) {
      const id = randomUUID();
      const sid = randomUUID();
      await database.db.execute(sql`INSERT INTO users (id, email, name, role, password_hash)
        VALUES (${id}, ${`${id}@test.vn`}, ${`Test ${role}`}, ${role}, 'x')`);
      if (role !== 'admin') await replaceAssignments(database.db, id, assignments);
      await database.db.execute(sql`INSERT INTO sessions (id, user_id, family_id, token_hash, expires_at)
        VALUES (${sid}, ${id}, ${randomUUID()}, ${randomUUID()}, now() + interval '1 day')`);
      const now = Math.floor(Date.now() / 1000);
      const token = await signJwt({ sub: id, role, sid, iat: now, exp: now + 900 }, TEST_JWT_SECRET);
      return { id, headers: { authorization: `Bearer ${token}` } };
    },
  };
}
