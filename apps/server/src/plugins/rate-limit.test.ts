/**
 * Throttling (plugins/rate-limit.ts, modules/auth/rate-limit.ts): the per-address ceiling, the
 * registration limit, the three login-failure limits, the client address behind TRUST_PROXY
 * (X-Forwarded-For spoofing) and limits that survive a restart on the same database.
 */
import { apiErrorSchema } from '@bh/shared';
import { validRegistration } from '@bh/shared/testing';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../modules/auth/passwords.ts';
import { insertUser } from '../modules/users/store.ts';
import { fileHarness } from '../test/file-harness.ts';

const h = fileHarness();

/** Another instance on the test database with these settings, closed after the test body. */
async function withInstance(env: Record<string, string>, body: (app: FastifyInstance) => Promise<void>) {
  const app = await h.instance(env);
  try {
    await body(app);
  } finally {
    await app.close();
  }
}

/** A 429 with Retry-After (seconds, at most `maxWait`) and the translated error envelope. */
function expectLimited(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  maxWait: number,
) {
  expect(res.statusCode).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(maxWait);
  const { error } = apiErrorSchema.parse(res.json());
  expect(error.code).toBe('rate_limited');
  expect(error.details).toEqual({ retryAfter: wait });
}

const health = (app: FastifyInstance, remoteAddress: string, forwardedFor?: string) =>
  app.inject({
    url: '/api/health',
    remoteAddress,
    ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
  });

let n = 0;
async function makeUser() {
  n += 1;
  const email = `limits${n}-${Date.now()}@test.vn`;
  await insertUser(h.database.db, {
    name: 'Officer Limits',
    email,
    role: 'officer',
    passwordHash: await hashPassword('Secret@123'),
  });
  return { email, password: 'Secret@123' };
}

const login = (app: FastifyInstance, payload: { email: string; password: string }, ip: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });

describe('the per-address ceiling on every API route', () => {
  it('answers 429 past RATE_LIMIT_PER_MINUTE for one address, not for another, not for the web app', async () => {
    await withInstance({ RATE_LIMIT_PER_MINUTE: '3' }, async (app) => {
      for (let i = 0; i < 3; i++) expect((await health(app, '10.1.0.1')).statusCode).toBe(200);
      expectLimited(await health(app, '10.1.0.1'), 60);
      expect((await health(app, '10.1.0.2')).statusCode).toBe(200);
      // Pages and assets of the app are not API calls: never throttled.
      expect((await app.inject({ url: '/index.html', remoteAddress: '10.1.0.1' })).statusCode).not.toBe(429);
    });
  });

  /**
   * Sends `total` health checks from one address, `parallel` at a time, spread over `apps` in
   * turn, and counts the ones let through.
   */
  async function acceptedOf(apps: FastifyInstance[], address: string, total: number, parallel: number) {
    let accepted = 0;
    let sent = 0;
    const worker = async () => {
      while (sent < total) {
        const app = apps[sent % apps.length];
        sent += 1;
        if (!app) throw new Error('no instance');
        const res = await health(app, address);
        if (res.statusCode === 200) accepted += 1;
        else expect(res.statusCode).toBe(429);
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
    return accepted;
  }

  it('counts each hit once under parallel requests: 20 at a time from one address get the whole limit', async () => {
    await withInstance({ RATE_LIMIT_PER_MINUTE: '1200' }, async (app) => {
      const accepted = await acceptedOf([app], '10.1.0.4', 1400, 20);
      expect(accepted).toBeGreaterThanOrEqual(1188);
      expect(accepted).toBeLessThanOrEqual(1212);
    });
  });

  it('holds the limit within 1% over two instances on one database, 20 at a time', async () => {
    const env = { RATE_LIMIT_PER_MINUTE: '1200' };
    const first = await h.instance(env, { ownConnection: true });
    try {
      await withInstance(env, async (second) => {
        const accepted = await acceptedOf([first, second], '10.1.0.5', 1400, 20);
        expect(accepted).toBeGreaterThanOrEqual(1188);
        expect(accepted).toBeLessThanOrEqual(1212);
      });
    } finally {
      await first.close();
    }
  });

  it('is generous by default', async () => {
    for (let i = 0; i < 50; i++) expect((await health(h.app, '10.1.0.3')).statusCode).toBe(200);
  });
});

describe('registration per address', () => {
  const register = (email: string, ip: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...validRegistration, email },
      remoteAddress: ip,
    });

  it('takes 5 account requests an hour from one address, then 429; bad forms do not count', async () => {
    const bad = await h.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...validRegistration, age: 3 },
      remoteAddress: '10.2.0.1',
    });
    expect(bad.statusCode).toBe(400);
    for (let i = 0; i < 5; i++)
      expect((await register(`flood${i}@test.vn`, '10.2.0.1')).statusCode).toBe(202);
    const refused = await register('flood5@test.vn', '10.2.0.1');
    expectLimited(refused, 3600);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    // Another address is not affected.
    expect((await register('other@test.vn', '10.2.0.2')).statusCode).toBe(202);
  });
});

describe('failed logins', () => {
  it('limits one account over all addresses', async () => {
    await withInstance({ RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '6' }, async (app) => {
      const u = await makeUser();
      // Two failures from each of three addresses: under the per-address-and-account limit of 5.
      for (let i = 0; i < 6; i++) {
        expect((await login(app, { ...u, password: 'wrong' }, `10.3.0.${i % 3}`)).statusCode).toBe(401);
      }
      expectLimited(await login(app, u, '10.3.0.99'), 900);
      // Another account is not affected.
      const other = await makeUser();
      expect((await login(app, other, '10.3.0.99')).statusCode).toBe(200);
    });
  });

  it('limits one address over all accounts (password spraying)', async () => {
    await withInstance({ RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: '4' }, async (app) => {
      for (let i = 0; i < 4; i++) {
        const res = await login(app, { email: `spray${i}@test.vn`, password: 'Summer2026!' }, '10.4.0.1');
        expect(res.statusCode).toBe(401);
      }
      const u = await makeUser();
      expectLimited(await login(app, u, '10.4.0.1'), 900);
      expect((await login(app, u, '10.4.0.2')).statusCode).toBe(200);
    });
  });

  it('does not count successful logins', async () => {
    await withInstance({ RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: '2' }, async (app) => {
      const u = await makeUser();
      for (let i = 0; i < 5; i++) expect((await login(app, u, '10.5.0.1')).statusCode).toBe(200);
    });
  });

  it('holds after the server is rebuilt on the same database', async () => {
    const u = await makeUser();
    await withInstance({}, async (first) => {
      for (let i = 0; i < 5; i++) {
        expect((await login(first, { ...u, password: 'wrong' }, '10.6.0.1')).statusCode).toBe(401);
      }
    });
    await withInstance({}, async (restarted) => {
      expectLimited(await login(restarted, u, '10.6.0.1'), 900);
    });
  });
});

describe('client address behind a proxy (TRUST_PROXY)', () => {
  const spoofed = (i: number) => `198.51.100.${i}`;

  it('without TRUST_PROXY ignores X-Forwarded-For altogether', async () => {
    await withInstance({ RATE_LIMIT_PER_MINUTE: '2' }, async (app) => {
      for (let i = 0; i < 2; i++) expect((await health(app, '10.7.0.1', spoofed(i))).statusCode).toBe(200);
      expectLimited(await health(app, '10.7.0.1', spoofed(9)), 60);
    });
  });

  for (const setting of ['1', 'true']) {
    it(`TRUST_PROXY=${setting} takes the right-most entry: a client-written left part changes nothing`, async () => {
      await withInstance({ RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: setting }, async (app) => {
        for (let i = 0; i < 2; i++) {
          expect((await health(app, '10.7.0.254', `${spoofed(i)}, 203.0.113.7`)).statusCode).toBe(200);
        }
        expectLimited(await health(app, '10.7.0.254', `${spoofed(5)}, 203.0.113.7`), 60);
        // Two real clients behind the same proxy are told apart.
        expect((await health(app, '10.7.0.254', '203.0.113.8')).statusCode).toBe(200);
      });
    });
  }

  it('TRUST_PROXY=2 takes the second entry from the right', async () => {
    await withInstance({ RATE_LIMIT_PER_MINUTE: '1', TRUST_PROXY: '2' }, async (app) => {
      expect((await health(app, '10.7.0.254', `${spoofed(1)}, 203.0.113.9, 10.7.0.253`)).statusCode).toBe(
        200,
      );
      expectLimited(await health(app, '10.7.0.254', `${spoofed(2)}, 203.0.113.9, 10.7.0.252`), 60);
      expect((await health(app, '10.7.0.254', `${spoofed(1)}, 203.0.113.10, 10.7.0.253`)).statusCode).toBe(
        200,
      );
    });
  });

  it('refuses a TRUST_PROXY that is neither a boolean nor a number of hops', async () => {
    await expect(h.instance({ TRUST_PROXY: 'loopback' })).rejects.toThrow(/TRUST_PROXY/);
  });
});
