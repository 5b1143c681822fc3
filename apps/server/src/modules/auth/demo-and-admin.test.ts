/**
 * Demo mode and the first admin: no route ever answers a password; GET /api/auth/demo tells the
 * login page whether this server is a demo; production admins come from `npm run create-admin`
 * or ADMIN_EMAIL + ADMIN_PASSWORD at start.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEMO_ACCOUNTS, workScopeSchema } from '@bh/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { auditEvents, users } from '../../db/schema.ts';
import { serverRoot } from '../../paths.ts';
import { fileHarness } from '../../test/file-harness.ts';
import { TEST_JWT_SECRET } from '../../test/harness.ts';
import { listPosts } from '../posts/store.ts';
import { findUserByEmail, updateUser } from '../users/store.ts';
import { createAdmin, ensureAdminFromEnv } from './admin.ts';
import { hashPassword } from './passwords.ts';
import { seedDemoUsers } from './seed.ts';

const h = fileHarness();

const PASSWORDS = DEMO_ACCOUNTS.map((a) => a.password);
const baseEnv = { LOG_LEVEL: 'silent', JWT_SECRET: TEST_JWT_SECRET };

/** Builds a second app on the harness database with its own environment. */
async function withApp<T>(env: Record<string, string>, run: (app: FastifyInstance) => Promise<T>) {
  const app = await buildApp(loadConfig({ ...baseEnv, DATA_DIR: h.dataDir, ...env }), h.database);
  try {
    return await run(app);
  } finally {
    await app.close();
  }
}

const login = (app: FastifyInstance, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('demo mode flag', () => {
  it.each([
    ['embedded database, no NODE_ENV', {}, true],
    ['embedded database, NODE_ENV=development', { NODE_ENV: 'development' }, true],
    ['DATABASE_URL set', { DATABASE_URL: 'postgres://db.example/app' }, false],
    ['NODE_ENV=production', { NODE_ENV: 'production' }, false],
    ['DEMO=1 with DATABASE_URL', { DEMO: '1', DATABASE_URL: 'postgres://db.example/app' }, true],
    ['DEMO=true with NODE_ENV=production', { DEMO: 'true', NODE_ENV: 'production' }, true],
    ['DEMO=0 on the embedded database', { DEMO: '0' }, false],
    ['SEED_DEMO=false', { SEED_DEMO: 'false' }, false],
    ['SEED_DEMO=false beats DEMO=1', { SEED_DEMO: 'false', DEMO: '1' }, false],
  ])('%s: demo=%s', async (_name, env, expected) => {
    expect(loadConfig({ ...baseEnv, ...env }).demo).toBe(expected);
    // The configured database is not opened here: the app runs on the harness database.
    await withApp(env, async (app) => {
      const res = await app.inject({ url: '/api/auth/demo' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ demo: expected });
      const seeded = await h.database.db.select().from(users);
      expect(seeded.map((u) => u.email).sort()).toEqual(
        expected ? DEMO_ACCOUNTS.map((a) => a.email).sort() : [],
      );
    });
    await h.reset();
  });

  it('the old account list with passwords is gone', async () => {
    expect((await h.app.inject({ url: '/api/auth/demo-accounts' })).statusCode).toBe(404);
  });
});

describe('demo accounts', () => {
  it('are the shared ones, seeded once on an empty database, and can log in with their roles', async () => {
    await withApp({ DEMO: '1' }, async (app) => {
      await seedDemoUsers(h.database.db);
      expect(await h.database.db.select().from(users)).toHaveLength(DEMO_ACCOUNTS.length);
      const han = (await listPosts(h.database.db)).find((p) => p.code === 'HAN');
      for (const account of DEMO_ACCOUNTS) {
        const res = await login(app, account.email, account.password);
        expect(res.statusCode, account.email).toBe(200);
        expect(res.json().user.role).toBe(account.role);
        // The supervisor works over HAN; the analyst reads HAN's province and works at no post.
        const scope = workScopeSchema.parse(res.json().scope);
        if (account.duty) expect(scope.role, account.email).toBe(account.duty);
        if (account.duty === 'supervisor') expect(scope.postId).toBe(han?.id);
        if (account.duty === 'analyst') expect(scope).toMatchObject({ postId: null, key: 'province:Hà Nội' });
      }
      const [inspector] = await h.database.db
        .select({ title: users.title })
        .from(users)
        .where(eq(users.email, 'inspector@demo.vn'));
      expect(inspector?.title).toBe('quarantine officer');
    });
  });

  it('no answer of a route of the auth, users, config, system, notification or push modules holds a seeded password', async () => {
    await withApp({ DEMO: '1' }, async (app) => {
      const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin');
      if (!admin) throw new Error('no demo admin');
      const signedIn = await login(app, admin.email, admin.password);
      const headers = { authorization: `Bearer ${signedIn.json().token}` };
      const [someone] = await h.database.db.select({ id: users.id }).from(users);
      const bodies = [signedIn.body];
      for (const url of [
        '/api/auth/demo',
        '/api/auth/profile',
        '/api/users',
        `/api/users/${someone?.id}`,
        '/api/account-requests',
        '/api/system-status',
        '/api/notifications',
        '/api/push/public-key',
        '/api/health',
        '/api/config/countries',
        '/api/openapi.json',
      ]) {
        bodies.push((await app.inject({ url, headers })).body);
        bodies.push((await app.inject({ url })).body);
      }
      bodies.push((await app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: {} })).body);
      for (const body of bodies) {
        for (const password of PASSWORDS) expect(body).not.toContain(password);
      }
    });
  });
});

describe('demo accounts outside demo mode', () => {
  it('are disabled at start while they have their public password; a changed one stays', async () => {
    await seedDemoUsers(h.database.db);
    const test = DEMO_ACCOUNTS.find((a) => a.email === 'test@demo.vn');
    if (!test) throw new Error('no test account');
    await updateUser(h.database.db, (await findUserByEmail(h.database.db, test.email))?.id ?? '', {
      passwordHash: await hashPassword('Changed@2026'),
    });
    await withApp({ NODE_ENV: 'production' }, async (app) => {
      for (const account of DEMO_ACCOUNTS) {
        expect((await login(app, account.email, account.password)).statusCode, account.email).toBe(401);
      }
      expect((await login(app, test.email, 'Changed@2026')).statusCode).toBe(200);
      const disabled = await h.database.db
        .select({ id: auditEvents.entityId })
        .from(auditEvents)
        .where(eq(auditEvents.action, 'user.disable'));
      expect(disabled).toHaveLength(DEMO_ACCOUNTS.length - 1);
    });
  });

  it('do not count as an admin for ADMIN_EMAIL + ADMIN_PASSWORD', async () => {
    await seedDemoUsers(h.database.db);
    const env = {
      DATABASE_URL: 'postgres://db.example/app',
      ADMIN_EMAIL: 'boss@border.vn',
      ADMIN_PASSWORD: 'Compass@2026-gate',
    };
    await withApp(env, async (app) => {
      expect((await login(app, 'boss@border.vn', 'Compass@2026-gate')).json().user.role).toBe('admin');
    });
  });
});

describe('first admin from ADMIN_EMAIL + ADMIN_PASSWORD', () => {
  // Demo mode off: its demo admin would count as "an admin exists".
  const env = {
    SEED_DEMO: 'false',
    ADMIN_EMAIL: 'Chief@Border.vn',
    ADMIN_PASSWORD: 'Harbour@2026-gate',
    ADMIN_NAME: 'Trưởng trạm',
  };

  it('is created at start when no admin exists, and can log in', async () => {
    await withApp(env, async (app) => {
      const res = await login(app, 'chief@border.vn', 'Harbour@2026-gate');
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ role: 'admin', name: 'Trưởng trạm', email: 'chief@border.vn' });
    });
    // Later starts with the variables still set change nothing.
    await withApp({ ...env, ADMIN_EMAIL: 'other@border.vn' }, async () => {});
    expect((await h.database.db.select().from(users)).map((u) => u.email)).toEqual(['chief@border.vn']);
  });

  it('is not created when an admin exists already', async () => {
    await h.user('admin');
    expect(await ensureAdminFromEnv(h.database.db, env)).toBeNull();
    expect(await h.database.db.select().from(users).where(eq(users.email, 'chief@border.vn'))).toEqual([]);
  });

  it('stops the start with one clear line on a bad value or a missing half', async () => {
    await expect(withApp({ ...env, ADMIN_PASSWORD: 'weak' }, async () => {})).rejects.toThrow(
      /^ADMIN_EMAIL\/ADMIN_PASSWORD: password: /,
    );
    await expect(
      withApp({ SEED_DEMO: 'false', ADMIN_EMAIL: 'chief@border.vn' }, async () => {}),
    ).rejects.toThrow('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
    expect(await h.database.db.select().from(users)).toEqual([]);
  });
});

describe('createAdmin (the create-admin command)', () => {
  it('creates a working admin and refuses a duplicate e-mail or a weak password', async () => {
    const created = await createAdmin(
      h.database.db,
      { email: 'root@border.vn', password: 'Lotus@2026-gate', name: 'Root' },
      'cli',
    );
    expect(created.ok).toBe(true);
    const res = await login(h.app, 'root@border.vn', 'Lotus@2026-gate');
    expect(res.json().user.role).toBe('admin');
    const again = await createAdmin(
      h.database.db,
      { email: 'ROOT@border.vn', password: 'Other@2026-gate' },
      'cli',
    );
    expect(again).toEqual({ ok: false, error: 'email: an account with ROOT@border.vn already exists' });
    const weak = await createAdmin(h.database.db, { email: 'x@border.vn', password: 'short' }, 'cli');
    expect(weak.ok).toBe(false);
    expect(await h.database.db.select().from(users)).toHaveLength(1);
  });
});

describe('npm run create-admin', () => {
  const run = promisify(execFile);
  const cli = path.join(serverRoot, 'src/cli/create-admin.ts');
  // The command opens the configured database: the test PostgreSQL, else a fresh embedded one.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bh-cli-'));
  const cliEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'cli.admin@border.vn',
    ADMIN_NAME: 'CLI Admin',
    ADMIN_PASSWORD: 'Lantern@2026-gate',
  };
  const createAdminCli = (env: NodeJS.ProcessEnv) =>
    run(process.execPath, ['--import', 'tsx', cli], { env, cwd: serverRoot }).then(
      (r) => ({ code: 0, ...r }),
      (err: { code: number; stdout: string; stderr: string }) => err,
    );

  it('creates an admin who can log in, then refuses the same e-mail with one line and exit code 1', async () => {
    const first = await createAdminCli(cliEnv);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toBe('Admin cli.admin@border.vn created.\n');

    const second = await createAdminCli(cliEnv);
    expect(second.code).toBe(1);
    expect(second.stderr).toBe('create-admin: email: an account with cli.admin@border.vn already exists\n');

    const weak = await createAdminCli({ ...cliEnv, ADMIN_EMAIL: 'weak@border.vn', ADMIN_PASSWORD: 'weak' });
    expect(weak.code).toBe(1);
    expect(weak.stderr).toMatch(/^create-admin: password: .+\n$/);

    const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
    try {
      const app = await buildApp(loadConfig({ ...baseEnv, DATA_DIR: dataDir, SEED_DEMO: 'false' }), database);
      const res = await login(app, 'cli.admin@border.vn', 'Lantern@2026-gate');
      await app.close();
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ role: 'admin', name: 'CLI Admin' });
    } finally {
      await database.close();
    }
  }, 60_000);
});
