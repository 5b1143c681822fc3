import { createHmac } from 'node:crypto';
import { validRegistration } from '@bh/shared/testing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { accountRequests, auditEvents, sessions, users } from '../../db/schema.ts';
import { fileHarness } from '../../test/file-harness.ts';
import { TEST_JWT_SECRET } from '../../test/harness.ts';
import { insertUser } from '../users/store.ts';
import { hashPassword } from './passwords.ts';
import { REFRESH_COOKIE } from './sessions.ts';

const h = fileHarness();

let n = 0;
async function makeUser(over: { role?: 'admin' | 'officer'; disabled?: boolean } = {}) {
  n += 1;
  const email = `user${n}-${Date.now()}@test.vn`;
  const user = await insertUser(h.database.db, {
    name: 'Officer One',
    email,
    role: over.role ?? 'officer',
    passwordHash: await hashPassword('Secret@123'),
  });
  if (over.disabled) await h.database.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
  return { ...user, password: 'Secret@123' };
}

const login = (payload: Record<string, unknown>, ip = '10.0.0.1') =>
  h.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });

function refreshCookie(res: { cookies: { name: string; value: string }[] }) {
  const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE);
  if (!cookie) throw new Error('no refresh cookie in the answer');
  return cookie;
}
const refresh = (token: string) =>
  h.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [REFRESH_COOKIE]: token } });
const profile = (token: string) =>
  h.app.inject({ url: '/api/auth/profile', headers: { authorization: `Bearer ${token}` } });

async function audits(action: string) {
  return h.database.db.select().from(auditEvents).where(eq(auditEvents.action, action));
}

describe('POST /api/auth/login', () => {
  it('answers the user and an access token, and sets an httpOnly SameSite=Strict session cookie', async () => {
    const u = await makeUser();
    const res = await login({ email: u.email.toUpperCase(), password: u.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({ id: u.id, name: u.name, email: u.email, role: 'officer', avatar: null });
    expect(typeof body.token).toBe('string');
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Strict/i);
    expect(header).toMatch(/Path=\/api\/auth/);
    expect(header).not.toMatch(/Max-Age|Expires/i);
    expect(header).not.toMatch(/Secure/);
    expect((await profile(body.token)).json().user.email).toBe(u.email);
    const rows = await audits('auth.login.success');
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(body.token);
  });

  it('makes the cookie persistent only with rememberMe, and Secure behind an https proxy', async () => {
    const u = await makeUser();
    // X-Forwarded-Proto counts only behind a proxy the operator declared (TRUST_PROXY).
    const proxied = await buildApp(
      loadConfig({
        LOG_LEVEL: 'silent',
        DATA_DIR: h.dataDir,
        SEED_DEMO: 'false',
        JWT_SECRET: TEST_JWT_SECRET,
        TRUST_PROXY: 'true',
      }),
      h.database,
    );
    const res = await proxied.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: u.password, rememberMe: true },
      headers: { 'x-forwarded-proto': 'https' },
    });
    await proxied.close();
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/Max-Age=2592000/);
    expect(header).toMatch(/Secure/);
    // Without a declared proxy the header is ignored: no Secure flag on plain http.
    const direct = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: u.password, rememberMe: true },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(String(direct.headers['set-cookie'])).not.toMatch(/Secure/);
  });

  it('gives the same 401 for an unknown e-mail and a wrong password, and audits both', async () => {
    const u = await makeUser();
    const wrong = await login({ email: u.email, password: 'nope' });
    const unknown = await login({ email: 'nobody@test.vn', password: 'Secret@123' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.code).toBe('unauthorized');
    const rows = await audits('auth.login.failure');
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toMatch(/Secret@123|nope/);
  });

  it('refuses a disabled user with the same 401', async () => {
    const u = await makeUser({ disabled: true });
    expect((await login({ email: u.email, password: u.password })).statusCode).toBe(401);
  });

  it('stores passwords as argon2id hashes only', async () => {
    const u = await makeUser();
    const [row] = await h.database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, u.id));
    expect(row?.hash).toMatch(/^\$argon2id\$/);
  });

  it('after 5 failures for one account and address answers 429 with Retry-After; others are not affected', async () => {
    const u = await makeUser();
    for (let i = 0; i < 5; i++) {
      expect((await login({ email: u.email, password: 'wrong-1' }, '10.0.0.9')).statusCode).toBe(401);
    }
    const limited = await login({ email: u.email, password: u.password }, '10.0.0.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(900);
    // The real user from another address still gets in.
    expect((await login({ email: u.email, password: u.password }, '10.0.0.10')).statusCode).toBe(200);
  });

  it('a success resets the failure count', async () => {
    const u = await makeUser();
    for (let i = 0; i < 4; i++) await login({ email: u.email, password: 'wrong-1' }, '10.0.1.1');
    expect((await login({ email: u.email, password: u.password }, '10.0.1.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await login({ email: u.email, password: 'wrong-1' }, '10.0.1.1')).statusCode).toBe(401);
    }
  });
});

describe('refresh, logout, profile', () => {
  it('rotates the refresh token; a used token revokes the whole session', async () => {
    const u = await makeUser();
    const first = await login({ email: u.email, password: u.password });
    const t1 = refreshCookie(first).value;
    const r1 = await refresh(t1);
    expect(r1.statusCode).toBe(200);
    const t2 = refreshCookie(r1).value;
    expect(t2).not.toBe(t1);
    expect((await profile(r1.json().token)).statusCode).toBe(200);
    // The old one is refused and, being a reuse, ends the session (new token and access token too).
    expect((await refresh(t1)).statusCode).toBe(401);
    expect((await refresh(t2)).statusCode).toBe(401);
    expect((await profile(r1.json().token)).statusCode).toBe(401);
    expect(await audits('auth.refresh.reuse_detected')).toHaveLength(1);
  });

  it('stores only a hash of the refresh token', async () => {
    const u = await makeUser();
    const token = refreshCookie(await login({ email: u.email, password: u.password })).value;
    const rows = await h.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuses a missing or unknown refresh token', async () => {
    expect((await h.app.inject({ method: 'POST', url: '/api/auth/refresh' })).statusCode).toBe(401);
    expect((await refresh('not-a-token')).statusCode).toBe(401);
  });

  it('logout revokes the session: the refresh token and the access token stop working', async () => {
    const u = await makeUser();
    const res = await login({ email: u.email, password: u.password });
    const token = res.json().token;
    const cookie = refreshCookie(res).value;
    const out = await h.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { [REFRESH_COOKIE]: cookie },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`${REFRESH_COOKIE}=;`));
    expect((await refresh(cookie)).statusCode).toBe(401);
    expect((await profile(token)).statusCode).toBe(401);
    expect(await audits('auth.logout')).toHaveLength(1);
  });

  it('refuses tampered, expired, alg:none and wrongly signed access tokens', async () => {
    const u = await makeUser();
    const token: string = (await login({ email: u.email, password: u.password })).json().token;
    const [head = '', payload = ''] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const sign = (body: string, secret: string) =>
      createHmac('sha256', secret).update(body).digest('base64url');
    const admin = enc({ ...claims, role: 'admin' });
    const expiredBody = `${head}.${enc({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })}`;
    const bad = [
      `${head}.${admin}.${token.split('.')[2]}`,
      `${expiredBody}.${sign(expiredBody, TEST_JWT_SECRET)}`,
      `${enc({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      `${head}.${payload}.${sign(`${head}.${payload}`, 'another-secret-another-secret-another-secret')}`,
      'garbage',
    ];
    for (const t of bad) expect((await profile(t)).statusCode, t).toBe(401);
    expect((await profile(token)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/register', () => {
  const form = { ...validRegistration, name: 'Trần Thị B', email: 'new.officer@test.vn' };
  const register = (payload: Record<string, unknown>) =>
    h.app.inject({ method: 'POST', url: '/api/auth/register', payload });

  it('files a pending account request, hashing the password', async () => {
    const res = await register(form);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'received' });
    const [row] = await h.database.db.select().from(accountRequests);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('applies the registration rules', async () => {
    for (const bad of [
      { name: 'A' },
      { email: 'not-an-email' },
      { password: 'short-pw1', confirmPassword: 'short-pw1' },
      { password: 'Password1', confirmPassword: 'Password1' },
      { confirmPassword: 'Other@123' },
      { age: 17 },
      { age: 121 },
      { gender: 'x' },
      { terms: false },
    ]) {
      const res = await register({ ...form, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('answers the same 202 whether the e-mail is known or not; the duplicate is audited, nothing filed', async () => {
    const u = await makeUser();
    const fresh = await register(form);
    const answers = [fresh, await register({ ...form, email: u.email })];
    answers.push(await register({ ...form, email: form.email.toUpperCase() }));
    for (const res of answers) {
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe(fresh.body);
    }
    expect(await h.database.db.$count(accountRequests)).toBe(1);
    const audit = await h.database.db
      .select({ action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'account_request.duplicate'));
    expect(audit).toEqual([
      { action: 'account_request.duplicate', details: { email: u.email } },
      { action: 'account_request.duplicate', details: { email: form.email } },
    ]);
  });
});
