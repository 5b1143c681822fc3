/**
 * A real server process for crash tests: started with node --import tsx (so the pid is the
 * server's own), killed with SIGKILL, restarted on the same data. PGlite on disk by default;
 * with DATABASE_URL set, a fresh PostgreSQL database on that cluster.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { z } from 'zod';
import { openDatabase } from '../../../../server/src/db/client.ts';
import { signJwt } from '../../../../server/src/lib/jwt.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');
const CRASH_JWT_SECRET = 'crash-test-secret-crash-test-secret-0123456789';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

export interface ServerProcess {
  baseUrl: string;
  token: string;
  start(env?: Record<string, string>): Promise<void>;
  kill(): void;
  stop(): Promise<void>;
  query<S extends z.ZodType>(schema: S, q: ReturnType<typeof sql>): Promise<z.output<S>[]>;
}

export async function createServerProcess(): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bh-crash-'));
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    const name = `crash_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  // Create the user and its session before the server owns the data directory.
  const userId = randomUUID();
  const sid = randomUUID();
  const database = await openDatabase({ databaseUrl, dataDir });
  await database.db.execute(sql`INSERT INTO users (id, email, name, role, password_hash)
    VALUES (${userId}, 'crash@test.vn', 'Crash test', 'officer', 'x')`);
  await database.db.execute(sql`INSERT INTO sessions (id, user_id, family_id, token_hash, expires_at)
    VALUES (${sid}, ${userId}, ${randomUUID()}, ${randomUUID()}, now() + interval '1 day')`);
  // The officer works at a post of their own (docs/decisions/014-points-of-entry.md).
  const postId = randomUUID();
  await database.db.execute(sql`INSERT INTO posts (id, code, name, kind, province, time_zone)
    VALUES (${postId}, 'CRS', '{"vi":"Thử","en":"Test","ja":"テスト"}', 'airport', 'Hà Nội', 'Asia/Ho_Chi_Minh')`);
  await database.db.execute(sql`INSERT INTO post_assignments (id, user_id, post_id, role)
    VALUES (${randomUUID()}, ${userId}, ${postId}, 'officer')`);
  await database.close();
  const now = Math.floor(Date.now() / 1000);
  const token = await signJwt(
    { sub: userId, role: 'officer', sid, iat: now, exp: now + 3600 },
    CRASH_JWT_SECRET,
  );
  const port = await freePort();
  let child: ChildProcess | null = null;

  const proc: ServerProcess = {
    baseUrl: `http://127.0.0.1:${port}`,
    token,
    async start(env = {}) {
      child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          JWT_SECRET: CRASH_JWT_SECRET,
          SEED_DEMO: 'false',
          LOG_LEVEL: 'silent',
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
          ...env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      for (let i = 0; i < 360; i++) {
        try {
          const res = await fetch(`${proc.baseUrl}/api/health`);
          if (res.ok) return;
        } catch {
          // not up yet
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error('server did not start');
    },
    kill() {
      child?.kill('SIGKILL');
      child = null;
    },
    async stop() {
      if (!child) return;
      const c = child;
      child = null;
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        c.kill('SIGTERM');
      });
    },
    async query<S extends z.ZodType>(schema: S, q: ReturnType<typeof sql>): Promise<z.output<S>[]> {
      const db = await openDatabase({ databaseUrl, dataDir });
      try {
        return await db.rows(schema, q);
      } finally {
        await db.close();
      }
    },
  };
  return proc;
}
