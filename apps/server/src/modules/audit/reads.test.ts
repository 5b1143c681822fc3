/**
 * Reads audited (issue 33 point 5): POST /api/audit/reads stores each read once (a batch sent
 * again stores nothing), as the caller, from the session's device, whatever the body says; the
 * audit viewer filters reads from changes, by user, traveller and device. And the N-days lock
 * (point 4): an admin sets it on the system status within its bounds, sign-in answers carry it.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_OFFLINE_LOCK_DAYS } from '@bh/shared';
import { describe, expect, it } from 'vitest';
import { fileHarness } from '../../test/file-harness.ts';
import { TEST_POST_ID } from '../../test/harness.ts';
import { hashPassword } from '../auth/passwords.ts';
import { replaceAssignments } from '../posts/store.ts';
import { insertUser } from '../users/store.ts';

const h = fileHarness();
const PASSWORD = 'Secret@123';

let n = 0;
async function account(role: 'admin' | 'officer') {
  n += 1;
  const user = await insertUser(h.database.db, {
    name: `Reader ${n}`,
    email: `reader${n}-${Date.now()}@test.vn`,
    role,
    passwordHash: await hashPassword(PASSWORD),
  });
  if (role !== 'admin')
    await replaceAssignments(h.database.db, user.id, [
      { role: 'officer', postId: TEST_POST_ID, province: null },
    ]);
  return user;
}

async function signIn(email: string, deviceId = randomUUID()) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD, deviceId, deviceLabel: 'Firefox on Linux' },
  });
  expect(res.statusCode).toBe(200);
  return { body: res.json(), headers: { authorization: `Bearer ${res.json().token}` } };
}

const read = (travelerId: string, viewed = 'declaration') => ({
  id: randomUUID(),
  travelerId,
  viewed,
  at: new Date(Date.now() - 60_000).toISOString(),
});
const send = (headers: Record<string, string>, events: unknown[]) =>
  h.app.inject({ method: 'POST', url: '/api/audit/reads', headers, payload: { events } });
const audit = (headers: Record<string, string>, query: string) =>
  h.app.inject({ url: `/api/audit?${query}`, headers });

describe('reads audited', () => {
  it('stores a batch once, as the caller from their device, and the viewer filters them', async () => {
    const officer = await account('officer');
    const admin = await account('admin');
    const o = await signIn(officer.email);
    const a = await signIn(admin.email);
    const traveler = randomUUID();
    const batch = [read(traveler), { ...read(traveler, 'file'), fileId: randomUUID() }];
    const first = await send(o.headers, batch);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ stored: 2, duplicates: 0 });
    // The answer was lost: the device sends the same batch again.
    const again = await send(o.headers, batch);
    expect(again.json()).toEqual({ stored: 0, duplicates: 2 });

    const reads = await audit(a.headers, `kind=read&travelerId=${traveler}`);
    expect(reads.statusCode).toBe(200);
    const items = reads.json().items;
    expect(items).toHaveLength(2);
    const devices = (await h.app.inject({ url: '/api/devices', headers: o.headers })).json().items;
    const device = devices.find((d: { current: boolean }) => d.current);
    for (const item of items) {
      expect(item).toMatchObject({
        userId: officer.id,
        entity: 'traveler',
        entityId: traveler,
        device: { id: device.id, label: 'Firefox on Linux' },
      });
    }
    expect(items.map((i: { action: string }) => i.action).sort()).toEqual(['read.declaration', 'read.file']);
    // By device and by user; changes leave them out.
    expect((await audit(a.headers, `deviceId=${device.id}`)).json().items).toHaveLength(2);
    expect((await audit(a.headers, `kind=read&userId=${officer.id}`)).json().items).toHaveLength(2);
    const changes = (await audit(a.headers, `kind=change&userId=${officer.id}`)).json().items;
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((c: { action: string }) => !c.action.startsWith('read.'))).toBe(true);
  });

  it('keeps a read the device dated in the future at the arrival time', async () => {
    const officer = await account('officer');
    const admin = await account('admin');
    const o = await signIn(officer.email);
    const traveler = randomUUID();
    const future = { ...read(traveler), at: new Date(Date.now() + 86_400_000).toISOString() };
    expect((await send(o.headers, [future])).statusCode).toBe(200);
    const a = await signIn(admin.email);
    const [item] = (await audit(a.headers, `kind=read&travelerId=${traveler}`)).json().items;
    expect(Date.parse(item.at)).toBeLessThanOrEqual(Date.now());
  });

  it('refuses bad batches with translated keys and anonymous callers', async () => {
    const officer = await account('officer');
    const o = await signIn(officer.email);
    const empty = await send(o.headers, []);
    expect(empty.statusCode).toBe(400);
    const bad = await send(o.headers, [{ ...read('x'), viewed: 'passport' }]);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('validation.');
    const tooMany = await send(
      o.headers,
      Array.from({ length: 201 }, () => read(randomUUID())),
    );
    expect(tooMany.statusCode).toBe(400);
    const anonymous = await h.app.inject({
      method: 'POST',
      url: '/api/audit/reads',
      payload: { events: [read(randomUUID())] },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('only admins read the trail, reads included', async () => {
    const officer = await account('officer');
    const o = await signIn(officer.email);
    expect((await audit(o.headers, 'kind=read')).statusCode).toBe(403);
  });
});

describe('the N-days lock setting', () => {
  it('defaults, is set by an admin within bounds and reaches devices at sign-in', async () => {
    const admin = await account('admin');
    const a = await signIn(admin.email);
    expect(a.body.offlineLockDays).toBe(DEFAULT_OFFLINE_LOCK_DAYS);
    const status = (await h.app.inject({ url: '/api/system-status', headers: a.headers })).json();
    expect(status.offlineLockDays).toBe(DEFAULT_OFFLINE_LOCK_DAYS);
    const put = (offlineLockDays: unknown, version: number) =>
      h.app.inject({
        method: 'PUT',
        url: '/api/system-status',
        headers: a.headers,
        payload: { mode: status.mode, offlineLockDays, version },
      });
    for (const wrong of [0, 91, 2.5, 'x']) {
      const res = await put(wrong, status.version);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toMatch(/validation\.(min_value|max_value|integer|invalid_type)/);
    }
    const saved = await put(3, status.version);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ offlineLockDays: 3, quarantineDays: status.quarantineDays });
    // Another setting saved without it keeps it.
    const kept = await h.app.inject({
      method: 'PUT',
      url: '/api/system-status',
      headers: a.headers,
      payload: { mode: status.mode, quarantineDays: 10, version: saved.json().version },
    });
    expect(kept.json()).toMatchObject({ offlineLockDays: 3, quarantineDays: 10 });

    const officer = await account('officer');
    const o = await signIn(officer.email);
    expect(o.body.offlineLockDays).toBe(3);
    // An officer may not change it.
    const refused = await h.app.inject({
      method: 'PUT',
      url: '/api/system-status',
      headers: o.headers,
      payload: { mode: status.mode, offlineLockDays: 30 },
    });
    expect(refused.statusCode).toBe(403);
  });
});
