/**
 * Devices (issue 33): every sign-in registers its device; GET /api/devices lists the caller's
 * (a supervisor's post's, an admin's all); DELETE revokes one: its tokens and refresh fail at
 * once with 401 device_revoked; a device not the caller's to see is a 404; hostile ids and labels
 * are a 400 with i18n keys. Logout asks the browser to clear the site's storage.
 */
import { randomUUID } from 'node:crypto';
import type { PostAssignment } from '@bh/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, devices } from '../../db/schema.ts';
import { fileHarness } from '../../test/file-harness.ts';
import { OTHER_POST_ID, TEST_POST_ID } from '../../test/harness.ts';
import { replaceAssignments } from '../posts/store.ts';
import { insertUser } from '../users/store.ts';
import { touchDevice } from './devices.ts';
import { hashPassword } from './passwords.ts';
import { REFRESH_COOKIE } from './sessions.ts';

const h = fileHarness();
const PASSWORD = 'Secret@123';

let n = 0;
async function account(role: 'admin' | 'officer', assignments: PostAssignment[] = []) {
  n += 1;
  const user = await insertUser(h.database.db, {
    name: `Person ${n}`,
    email: `device${n}-${Date.now()}@test.vn`,
    role,
    passwordHash: await hashPassword(PASSWORD),
  });
  if (role !== 'admin') await replaceAssignments(h.database.db, user.id, assignments);
  return user;
}
const officerAt = (postId: string) => account('officer', [{ role: 'officer', postId, province: null }]);
const supervisorAt = (postId: string) => account('officer', [{ role: 'supervisor', postId, province: null }]);

async function signIn(email: string, device: Record<string, unknown> = {}) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD, ...device },
  });
  const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE)?.value ?? '';
  const token: string = res.statusCode === 200 ? res.json().token : '';
  return { res, cookie, headers: { authorization: `Bearer ${token}` } };
}
const list = (headers: Record<string, string>) => h.app.inject({ url: '/api/devices', headers });
const revoke = (headers: Record<string, string>, id: string) =>
  h.app.inject({ method: 'DELETE', url: `/api/devices/${id}`, headers });
const ids = (body: { items: { id: string }[] }) => body.items.map((d) => d.id).sort();

describe('devices', () => {
  it('registers the device at every sign-in, once per device, and lists it as the current one', async () => {
    const u = await officerAt(TEST_POST_ID);
    const deviceId = randomUUID();
    const first = await signIn(u.email, { deviceId, deviceLabel: 'Chrome on Android' });
    expect(first.res.statusCode).toBe(200);
    await signIn(u.email, { deviceId, deviceLabel: 'Chrome on Android' });
    const bare = await signIn(u.email);
    expect(bare.res.statusCode).toBe(200);
    const res = await list(first.headers);
    expect(res.statusCode).toBe(200);
    const items = res.json().items;
    expect(items).toHaveLength(2);
    const mine = items.find((d: { label: string }) => d.label === 'Chrome on Android');
    expect(mine).toMatchObject({ userId: u.id, revokedAt: null, current: true });
    expect(Object.keys(mine).sort()).toEqual(
      ['createdAt', 'current', 'id', 'label', 'lastSeenAt', 'revokedAt', 'userId', 'userName'].sort(),
    );
    expect(items.find((d: { label: string }) => d.label === 'Unknown device')?.current).toBe(false);
  });

  it('two accounts on one phone get a device each', async () => {
    const a = await officerAt(TEST_POST_ID);
    const b = await officerAt(TEST_POST_ID);
    const deviceId = randomUUID();
    const sa = await signIn(a.email, { deviceId, deviceLabel: 'Phone' });
    const sb = await signIn(b.email, { deviceId, deviceLabel: 'Phone' });
    const la = (await list(sa.headers)).json();
    const lb = (await list(sb.headers)).json();
    expect(la.items).toHaveLength(1);
    expect(lb.items).toHaveLength(1);
    expect(la.items[0].id).not.toBe(lb.items[0].id);
  });

  it('scopes the list: an officer their own, a supervisor their post, an admin all', async () => {
    const officer = await officerAt(TEST_POST_ID);
    const colleague = await officerAt(TEST_POST_ID);
    const elsewhere = await officerAt(OTHER_POST_ID);
    const supervisor = await supervisorAt(TEST_POST_ID);
    const admin = await account('admin');
    const so = await signIn(officer.email, { deviceId: randomUUID(), deviceLabel: 'o' });
    const sc = await signIn(colleague.email, { deviceId: randomUUID(), deviceLabel: 'c' });
    const se = await signIn(elsewhere.email, { deviceId: randomUUID(), deviceLabel: 'e' });
    const ss = await signIn(supervisor.email, { deviceId: randomUUID(), deviceLabel: 's' });
    const sa = await signIn(admin.email, { deviceId: randomUUID(), deviceLabel: 'a' });
    const idOf = async (s: typeof so): Promise<string> => (await list(s.headers)).json().items[0].id;
    const [o, c, e, s] = [await idOf(so), await idOf(sc), await idOf(se), await idOf(ss)];
    const a = (await list(sa.headers)).json().items.find((d: { current: boolean }) => d.current).id;
    expect(ids((await list(so.headers)).json())).toEqual([o]);
    expect(ids((await list(ss.headers)).json())).toEqual([o, c, s].sort());
    expect(ids((await list(sa.headers)).json())).toEqual([o, c, e, s, a].sort());
    // Revoking: someone else's device as an officer is a 404 (and nothing changes).
    expect((await revoke(so.headers, c)).statusCode).toBe(404);
    expect((await list(sc.headers)).statusCode).toBe(200);
    // A supervisor revokes a device at their post, not one elsewhere.
    expect((await revoke(ss.headers, e)).statusCode).toBe(404);
    const done = await revoke(ss.headers, c);
    expect(done.statusCode).toBe(200);
    expect(done.json().revokedAt).not.toBeNull();
    // An admin revokes any.
    expect((await revoke(sa.headers, e)).statusCode).toBe(200);
    expect((await list(se.headers)).json().error.code).toBe('device_revoked');
  });

  it('a revoked device answers 401 device_revoked at once: requests, refresh and a new sign-in', async () => {
    const u = await officerAt(TEST_POST_ID);
    const deviceId = randomUUID();
    const lost = await signIn(u.email, { deviceId, deviceLabel: 'Lost phone' });
    const other = await signIn(u.email, { deviceId: randomUUID(), deviceLabel: 'Desk' });
    // The lost phone's session is cached as active by this request.
    expect((await list(lost.headers)).statusCode).toBe(200);
    const id = (await list(lost.headers)).json().items.find((d: { current: boolean }) => d.current).id;
    const res = await revoke(other.headers, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, current: false });
    const after = await list(lost.headers);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('device_revoked');
    const pull = await h.app.inject({ url: '/api/sync/pull?cursor=0', headers: lost.headers });
    expect(pull.statusCode).toBe(401);
    expect(pull.json().error.code).toBe('device_revoked');
    const refreshed = await h.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { [REFRESH_COOKIE]: lost.cookie },
    });
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json().error.code).toBe('device_revoked');
    const again = await signIn(u.email, { deviceId, deviceLabel: 'Lost phone' });
    expect(again.res.statusCode).toBe(401);
    expect(again.res.json().error.code).toBe('device_revoked');
    // The other device works on; revoking twice is harmless and audited once.
    expect((await list(other.headers)).statusCode).toBe(200);
    expect((await revoke(other.headers, id)).statusCode).toBe(200);
    const audits = await h.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'device.revoke'));
    expect(audits).toHaveLength(1);
    // A device wiped after the revocation signs in again as a new device.
    expect(
      (await signIn(u.email, { deviceId: randomUUID(), deviceLabel: 'Lost phone' })).res.statusCode,
    ).toBe(200);
  });

  it('a revoked device refused through another instance within the cache time (2 s)', async () => {
    const u = await officerAt(TEST_POST_ID);
    const s = await signIn(u.email, { deviceId: randomUUID(), deviceLabel: 'Phone' });
    const other = await h.instance();
    try {
      expect((await other.inject({ url: '/api/devices', headers: s.headers })).statusCode).toBe(200);
      const id = (await list(s.headers)).json().items[0].id;
      expect((await revoke(s.headers, id)).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 2_100));
      const res = await other.inject({ url: '/api/devices', headers: s.headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('device_revoked');
    } finally {
      await other.close();
    }
  });

  it('notes last_seen_at at most once a minute per device', async () => {
    const u = await officerAt(TEST_POST_ID);
    const s = await signIn(u.email, { deviceId: randomUUID(), deviceLabel: 'Phone' });
    const [row] = await h.database.db.select().from(devices).where(eq(devices.userId, u.id));
    if (!row) throw new Error('no device');
    const old = new Date(Date.now() - 3_600_000);
    await h.database.db.update(devices).set({ lastSeenAt: old }).where(eq(devices.id, row.id));
    await touchDevice(h.database.db, row.id, Date.now() + 120_000);
    const seen = async () =>
      (await h.database.db.select().from(devices).where(eq(devices.id, row.id)))[0]?.lastSeenAt.getTime() ??
      0;
    const first = await seen();
    expect(first).toBeGreaterThan(old.getTime());
    await h.database.db.update(devices).set({ lastSeenAt: old }).where(eq(devices.id, row.id));
    // Within the minute, no write (a burst of requests costs none).
    await touchDevice(h.database.db, row.id, Date.now() + 150_000);
    expect(await seen()).toBe(old.getTime());
    expect((await list(s.headers)).statusCode).toBe(200);
  });

  it.each([
    [
      'a device id that is not a UUID',
      { deviceId: 'phone-1', deviceLabel: 'Phone' },
      'deviceId',
      'validation.invalid_id',
    ],
    [
      'a label too long',
      { deviceId: randomUUID(), deviceLabel: 'x'.repeat(101) },
      'deviceLabel',
      'validation.max_length',
    ],
    [
      'a label with control characters',
      { deviceId: randomUUID(), deviceLabel: 'Phone\u0007\u202e' },
      'deviceLabel',
      'validation.invalid_characters',
    ],
    [
      'a label with a NUL',
      { deviceId: randomUUID(), deviceLabel: 'Ph\u0000one' },
      'deviceLabel',
      'validation.invalid_characters',
    ],
    ['a blank label', { deviceId: randomUUID(), deviceLabel: '   ' }, 'deviceLabel', 'validation.required'],
  ])('refuses %s at sign-in with a 400 and an i18n key', async (_what, device, field, code) => {
    const u = await officerAt(TEST_POST_ID);
    const { res } = await signIn(u.email, device);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('validation_error');
    expect(body.error.details).toContainEqual({ field, code });
  });

  it('escrows one data key per account and device, released at every sign-in and refused once revoked', async () => {
    const u = await officerAt(TEST_POST_ID);
    const phone = randomUUID();
    const key = (headers: Record<string, string>) =>
      h.app.inject({ method: 'POST', url: '/api/devices/current/key', headers });
    const first = await key((await signIn(u.email, { deviceId: phone, deviceLabel: 'Phone' })).headers);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const { key: made, deviceId } = first.json();
    expect(Buffer.from(made, 'base64url')).toHaveLength(32);
    // A later sign-in on the same device (say after a password reset) gets the same key back.
    const again = await signIn(u.email, { deviceId: phone, deviceLabel: 'Phone' });
    expect((await key(again.headers)).json()).toEqual({ deviceId, key: made });
    // Another device of the same account, and another account on this phone, get keys of their own.
    const desk = await signIn(u.email, { deviceId: randomUUID(), deviceLabel: 'Desk' });
    expect((await key(desk.headers)).json().key).not.toBe(made);
    const colleague = await officerAt(TEST_POST_ID);
    const shared = await signIn(colleague.email, { deviceId: phone, deviceLabel: 'Phone' });
    expect((await key(shared.headers)).json().key).not.toBe(made);
    // The escrowed copy is sealed, not the key itself.
    const [row] = await h.database.db.select().from(devices).where(eq(devices.id, deviceId));
    expect(row?.keyEscrow).toMatch(/^k1\./);
    expect(row?.keyEscrow).not.toContain(made);
    // Revoked: refused (and so is any sign-in from it).
    expect((await revoke(desk.headers, deviceId)).statusCode).toBe(200);
    const refused = await key(again.headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('device_revoked');
  });

  it('refuses a device id in the path that is not a UUID with a 400', async () => {
    const u = await officerAt(TEST_POST_ID);
    const s = await signIn(u.email);
    const res = await revoke(s.headers, 'not-a-uuid');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toContainEqual({ field: 'id', code: 'validation.invalid_id' });
  });
});

describe('POST /api/auth/logout', () => {
  it('asks the browser to clear the site storage, unless the device still holds unsent changes', async () => {
    const u = await officerAt(TEST_POST_ID);
    const s = await signIn(u.email);
    const res = await h.app.inject({ method: 'POST', url: '/api/auth/logout', headers: s.headers });
    expect(res.statusCode).toBe(204);
    expect(res.headers['clear-site-data']).toBe('"storage"');
    const kept = await signIn(u.email);
    const locking = await h.app.inject({
      method: 'POST',
      url: '/api/auth/logout?keep=pending',
      headers: kept.headers,
    });
    expect(locking.statusCode).toBe(204);
    expect(locking.headers['clear-site-data']).toBeUndefined();
    // No other answer sends it.
    expect((await signIn(u.email)).res.headers['clear-site-data']).toBeUndefined();
  });
});
