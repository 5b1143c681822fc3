/**
 * Two server instances on one database behave as one (docs/deployment.md, "Several instances"):
 * requests alternate between them and the limits, refresh-token rotation, exactly-once sync and
 * the signing key hold across both. On PostgreSQL each instance has its own connection pool, as
 * two server processes would. On PGlite (one process can open the embedded database only once)
 * both share it, which still proves that none of this state lives in an instance. Both run in
 * this process, so module-level memory is common to them here: docs/deployment.md lists what an
 * instance keeps in memory on purpose (and why that is safe).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { validRegistration } from '@bh/shared/testing';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { REFRESH_COOKIE } from '../modules/auth/sessions.ts';
import { addAssignment } from '../modules/posts/store.ts';
import { insertUser } from '../modules/users/store.ts';
import { createHarness, type Harness, TEST_POST_ID } from './harness.ts';
import { travelerPayload } from './payloads.ts';

let h: Harness;
let a: FastifyInstance;
let b: FastifyInstance;

/** An instance as a separate server would run: its own data directory, no JWT_SECRET given. */
const separateInstance = () =>
  h.instance(
    { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bh-two-')), JWT_SECRET: '' },
    { ownConnection: true },
  );

beforeAll(async () => {
  h = await createHarness();
  a = await separateInstance();
  b = await separateInstance();
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await h.close();
});
beforeEach(() => h.reset());

/** Instance A for even steps, B for odd ones. */
const alternate = (i: number) => (i % 2 === 0 ? a : b);

let n = 0;
async function makeUser(role: 'admin' | 'officer' = 'officer') {
  n += 1;
  const email = `two${n}-${Date.now()}@test.vn`;
  const user = await insertUser(h.database.db, {
    name: 'Officer Two',
    email,
    role,
    passwordHash: await hashPassword('Secret@123'),
  });
  if (role === 'officer')
    await addAssignment(h.database.db, user.id, { role: 'officer', postId: TEST_POST_ID, province: null });
  return { email, password: 'Secret@123' };
}

const login = (app: FastifyInstance, payload: { email: string; password: string }, ip = '10.9.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });

async function loggedIn(app: FastifyInstance, role: 'admin' | 'officer' = 'officer') {
  const res = await login(app, await makeUser(role));
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE);
  if (!cookie) throw new Error('no refresh cookie');
  return { headers: { authorization: `Bearer ${res.json().token}` }, refresh: cookie.value };
}

const refresh = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [REFRESH_COOKIE]: token } });

function refreshed(res: { statusCode: number; cookies: { name: string; value: string }[] }) {
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE);
  if (!cookie) throw new Error('no refresh cookie');
  return cookie.value;
}

describe('two server instances on one database', () => {
  it('share one signing key: a token from A is accepted by B', async () => {
    const { headers } = await loggedIn(a);
    expect((await b.inject({ url: '/api/auth/profile', headers })).statusCode).toBe(200);
  });

  it('count failed logins together', async () => {
    const u = await makeUser();
    for (let i = 0; i < 5; i++) {
      expect((await login(alternate(i), { ...u, password: 'wrong' })).statusCode).toBe(401);
    }
    expect((await login(a, u)).statusCode).toBe(429);
    expect((await login(b, u)).statusCode).toBe(429);
  });

  it('count account requests per address together', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await alternate(i).inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { ...validRegistration, email: `two-flood${i}@test.vn` },
        remoteAddress: '10.9.0.2',
      });
      expect(res.statusCode, `request ${i + 1}`).toBe(i < 5 ? 202 : 429);
    }
  });

  it('rotate refresh tokens as one: each refresh may go to either, a used token is refused by both', async () => {
    const session = await loggedIn(a);
    let token = session.refresh;
    const used: string[] = [];
    for (let i = 1; i <= 4; i++) {
      used.push(token);
      token = refreshed(await refresh(alternate(i), token));
    }
    // The first token, used on A, presented again on B: refused, and the whole session ends.
    expect((await refresh(b, used[0] ?? '')).statusCode).toBe(401);
    expect((await refresh(a, token)).statusCode).toBe(401);
  });

  it('apply a sync mutation exactly once, in turn and at the same time', async () => {
    const { headers } = await loggedIn(a);
    const mutation = (seq: number) => ({
      seq,
      table: 'travelers',
      op: 'create',
      id: travelerPayload().id,
      baseVersion: null,
      // A passport per traveller: one passport twice within a day is refused as a duplicate.
      data: travelerPayload({ id: undefined, passportNo: `B${3_000_000 + seq}` }),
    });
    const push = (app: FastifyInstance, mutations: unknown[]) =>
      app.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers,
        payload: { clientId: 'device-two', mutations },
      });
    const first = [mutation(1)];
    const statuses = async (res: Promise<{ json(): { results: { status: string }[] } }>) =>
      (await res).json().results.map((r) => r.status);
    expect(await statuses(push(a, first))).toEqual(['applied']);
    expect(await statuses(push(b, first))).toEqual(['duplicate']);
    const second = [mutation(2), mutation(3)];
    const both = await Promise.all([statuses(push(a, second)), statuses(push(b, second))]);
    expect(both.flat().sort()).toEqual(['applied', 'applied', 'duplicate', 'duplicate']);
    const pulled = await b.inject({ url: '/api/sync/pull?cursor=0', headers });
    const travelers = pulled.json().changes.filter((c: { table: string }) => c.table === 'travelers');
    expect(travelers).toHaveLength(3);
  });

  it('show one system mode: set on A, read on B', async () => {
    const admin = await loggedIn(a, 'admin');
    const put = await a.inject({
      method: 'PUT',
      url: '/api/system-status',
      headers: admin.headers,
      payload: { mode: 'emergency' },
    });
    expect(put.statusCode).toBe(200);
    const read = await b.inject({ url: '/api/system-status', headers: admin.headers });
    expect(read.json()).toMatchObject({ mode: 'emergency' });
  });

  // PostgreSQL only: one process cannot open an embedded PGlite directory twice.
  it.skipIf(!process.env.DATABASE_URL)(
    'migrate a new database once when both start at the same moment',
    async () => {
      const name = `bh_two_${Date.now()}`;
      await h.database.db.execute(sql.raw(`CREATE DATABASE ${name}`));
      try {
        const url = new URL(process.env.DATABASE_URL ?? '');
        url.pathname = `/${name}`;
        const open = () => openDatabase({ databaseUrl: url.toString(), dataDir: null });
        const both = await Promise.allSettled([open(), open()]);
        for (const one of both) if (one.status === 'fulfilled') await one.value.close();
        const outcome = both.map((one) => (one.status === 'rejected' ? String(one.reason) : 'opened'));
        expect(outcome).toEqual(['opened', 'opened']);
      } finally {
        // pg's pool.end() resolves before its connections have said goodbye: wait until they are
        // gone, or FORCE would kill one mid-goodbye and its client would raise an unhandled error.
        for (let i = 0; i < 50; i++) {
          const open = await h.database.db.execute(
            sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = ${name}`,
          );
          if (Number(open.rows[0]?.n ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await h.database.db.execute(sql.raw(`DROP DATABASE ${name} WITH (FORCE)`));
      }
    },
  );
});
