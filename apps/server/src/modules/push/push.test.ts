import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema.ts';
import { fileHarness } from '../../test/file-harness.ts';

const h = fileHarness();

const payload = (endpoint = 'https://push.example.com/send/abc') => ({
  subscription: { endpoint, expirationTime: null, keys: { p256dh: 'BNc-key_1', auth: 'aGVsbG8' } },
  userAgent: 'Mozilla/5.0 test',
  timestamp: '2026-03-05T10:00:00.000Z',
});

const rows = () =>
  h.database.db
    .select({
      user_id: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      keys: pushSubscriptions.keys,
      user_agent: pushSubscriptions.userAgent,
    })
    .from(pushSubscriptions)
    .orderBy(asc(pushSubscriptions.endpoint));

describe('push API', () => {
  it('needs a login', async () => {
    expect((await h.app.inject({ url: '/api/push/public-key' })).statusCode).toBe(401);
    const res = await h.app.inject({ method: 'POST', url: '/api/push-subscriptions', payload: payload() });
    expect(res.statusCode).toBe(401);
  });

  it('has no public key configured: 404 not_found', async () => {
    const { headers } = await h.user('officer');
    const res = await h.app.inject({ url: '/api/push/public-key', headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('stores the subscription for the current user, once per endpoint', async () => {
    const a = await h.user('officer');
    const b = await h.user('admin');
    const first = await h.app.inject({
      method: 'POST',
      url: '/api/push-subscriptions',
      headers: a.headers,
      payload: payload(),
    });
    expect(first.statusCode).toBe(201);
    expect(await rows()).toEqual([
      {
        user_id: a.id,
        endpoint: 'https://push.example.com/send/abc',
        keys: { p256dh: 'BNc-key_1', auth: 'aGVsbG8' },
        user_agent: 'Mozilla/5.0 test',
      },
    ]);
    // Another user on the same browser takes the endpoint over.
    await h.app.inject({
      method: 'POST',
      url: '/api/push-subscriptions',
      headers: b.headers,
      payload: payload(),
    });
    expect((await rows()).map((r) => r.user_id)).toEqual([b.id]);
  });

  it('rejects a bad payload with validation_error', async () => {
    const { headers } = await h.user('officer');
    const bad = { ...payload('http://insecure.example.com/x'), extra: 1 };
    const res = await h.app.inject({ method: 'POST', url: '/api/push-subscriptions', headers, payload: bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_error');
  });
});
