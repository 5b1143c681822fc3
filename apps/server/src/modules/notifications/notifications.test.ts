import { describe, expect, it } from 'vitest';
import { fileHarness } from '../../test/file-harness.ts';
import { addNotifications, timeBasedId } from './store.ts';

const h = fileHarness();

type Headers = Record<string, string>;
const list = async (headers: Headers) => (await h.app.inject({ url: '/api/notifications', headers })).json();
const call = (method: 'PUT' | 'DELETE', url: string, headers: Headers) =>
  h.app.inject({ method, url, headers });

describe('notifications API', () => {
  it('needs a login on every route', async () => {
    const id = timeBasedId();
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['PUT', `/api/notifications/${id}/read`],
      ['PUT', '/api/notifications/read-all'],
      ['DELETE', `/api/notifications/${id}`],
      ['DELETE', '/api/notifications'],
    ] as const) {
      expect((await h.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("seeds the spec's two notifications on the first read, as i18n keys, unread", async () => {
    const { headers } = await h.user('officer');
    const body = await list(headers);
    expect(body.unreadCount).toBe(2);
    expect(body.items).toHaveLength(2);
    expect(body.items[0]).toMatchObject({
      type: 'warning',
      priority: 'medium',
      title: 'notifications.seed.maintenanceTitle',
      message: 'notifications.seed.maintenanceMessage',
      params: { time: '2:00' },
      read: false,
    });
    expect(body.items[1]).toMatchObject({ type: 'info', priority: 'low', params: {}, read: false });
    expect(Date.parse(body.items[0].timestamp)).toBeGreaterThan(Date.parse(body.items[1].timestamp));
  });

  it('marks one read, then all read', async () => {
    const { headers } = await h.user('officer');
    const [first] = (await list(headers)).items;
    expect((await call('PUT', `/api/notifications/${first.id}/read`, headers)).statusCode).toBe(200);
    let body = await list(headers);
    expect(body.unreadCount).toBe(1);
    expect(body.items[0].read).toBe(true);
    expect((await call('PUT', '/api/notifications/read-all', headers)).json()).toEqual({ updated: 1 });
    body = await list(headers);
    expect(body.unreadCount).toBe(0);
  });

  it('removes one and clears all; a cleared list is not seeded again', async () => {
    const { headers } = await h.user('officer');
    const [first] = (await list(headers)).items;
    expect((await call('DELETE', `/api/notifications/${first.id}`, headers)).statusCode).toBe(204);
    expect((await list(headers)).items).toHaveLength(1);
    expect((await call('DELETE', '/api/notifications', headers)).json()).toEqual({ deleted: 1 });
    expect((await list(headers)).items).toEqual([]);
  });

  it("cannot touch another user's notifications (404) and rejects a bad id (400)", async () => {
    const a = await h.user('officer');
    const b = await h.user('admin');
    const [first] = (await list(a.headers)).items;
    expect((await call('PUT', `/api/notifications/${first.id}/read`, b.headers)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/notifications/${first.id}`, b.headers)).statusCode).toBe(404);
    await call('DELETE', '/api/notifications', b.headers);
    expect((await list(a.headers)).items).toHaveLength(2);
    expect((await call('PUT', '/api/notifications/not-a-uuid/read', a.headers)).statusCode).toBe(400);
  });

  it('puts new notifications at the front, unread', async () => {
    const { id, headers } = await h.user('officer');
    await list(headers);
    await call('PUT', '/api/notifications/read-all', headers);
    await addNotifications(h.database.db, id, [
      { type: 'info', priority: 'high', title: 'Plain title', message: 'Plain text' },
    ]);
    const body = await list(headers);
    expect(body.items[0]).toMatchObject({ title: 'Plain title', message: 'Plain text', read: false });
    expect(body.unreadCount).toBe(1);
  });

  it('makes time-ordered UUIDs', () => {
    const a = timeBasedId(1_000);
    const b = timeBasedId(2_000);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a < b).toBe(true);
  });
});
