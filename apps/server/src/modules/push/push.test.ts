import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema.ts';
import { fileHarness } from '../../test/file-harness.ts';
import { endpointAllow, parseAllowedOrigins } from './endpoint-allow.ts';

const h = fileHarness({ PUSH_ENDPOINT_ALLOW: 'https://push.example.com' });

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

const subscribe = (headers: { authorization: string }, body: Record<string, unknown>) =>
  h.app.inject({ method: 'POST', url: '/api/push-subscriptions', headers, payload: body });

describe('push API', () => {
  it('needs a login', async () => {
    expect((await h.app.inject({ url: '/api/push/public-key' })).statusCode).toBe(401);
    const res = await h.app.inject({ method: 'POST', url: '/api/push-subscriptions', payload: payload() });
    expect(res.statusCode).toBe(401);
    expect((await h.app.inject({ url: '/api/push-subscriptions' })).statusCode).toBe(401);
  });

  it('answers the VAPID public key: a 65-byte uncompressed P-256 point, kept in DATA_DIR', async () => {
    const { headers } = await h.user('officer');
    const res = await h.app.inject({ url: '/api/push/public-key', headers });
    expect(res.statusCode).toBe(200);
    const key = Buffer.from(res.json().publicKey, 'base64url');
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
    const { statSync, readFileSync } = await import('node:fs');
    const file = `${h.dataDir}/vapid.json`;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).publicKey).toBe(res.json().publicKey);
  });

  it('stores the subscription for the current user, once per endpoint', async () => {
    const a = await h.user('officer');
    const b = await h.user('admin');
    const first = await subscribe(a.headers, payload());
    expect(first.statusCode).toBe(201);
    expect(await rows()).toEqual([
      {
        user_id: a.id,
        endpoint: 'https://push.example.com/send/abc',
        keys: { p256dh: 'BNc-key_1', auth: 'aGVsbG8' },
        user_agent: 'Mozilla/5.0 test',
      },
    ]);
    expect((await subscribe(a.headers, payload())).json().id).toBe(first.json().id);
    // Another user on the same browser takes the endpoint over.
    await subscribe(b.headers, payload());
    expect((await rows()).map((r) => r.user_id)).toEqual([b.id]);
  });

  it('lists and deletes only the own subscriptions, by endpoint', async () => {
    const a = await h.user('officer');
    const b = await h.user('officer');
    await subscribe(a.headers, payload('https://push.example.com/a'));
    await subscribe(b.headers, payload('https://push.example.com/b'));
    const list = await h.app.inject({ url: '/api/push-subscriptions', headers: a.headers });
    expect(list.json().items.map((i: { endpoint: string }) => i.endpoint)).toEqual([
      'https://push.example.com/a',
    ]);
    const del = (endpoint: string) =>
      h.app.inject({
        method: 'DELETE',
        url: '/api/push-subscriptions',
        headers: a.headers,
        payload: { endpoint },
      });
    expect((await del('https://push.example.com/b')).json()).toEqual({ deleted: 0 });
    expect((await del('https://push.example.com/a')).json()).toEqual({ deleted: 1 });
    expect((await rows()).map((r) => r.endpoint)).toEqual(['https://push.example.com/b']);
  });

  it('keeps at most 10 subscriptions per user: the oldest goes', async () => {
    const a = await h.user('officer');
    for (let i = 0; i < 12; i++) {
      expect((await subscribe(a.headers, payload(`https://push.example.com/${i}`))).statusCode).toBe(201);
    }
    const endpoints = (await rows()).map((r) => r.endpoint);
    expect(endpoints).toHaveLength(10);
    expect(endpoints).not.toContain('https://push.example.com/0');
    expect(endpoints).toContain('https://push.example.com/11');
  });

  it('rejects a bad payload with validation_error', async () => {
    const { headers } = await h.user('officer');
    const bad = { ...payload('http://insecure.example.com/x'), extra: 1 };
    const res = await subscribe(headers, bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_error');
  });
});

describe('SSRF: only the browsers push services (and PUSH_ENDPOINT_ALLOW origins)', () => {
  const refused = [
    'http://fcm.googleapis.com/fcm/send/x',
    'https://169.254.169.254/latest/meta-data',
    'https://localhost/x',
    'https://localhost:8443/x',
    'https://127.0.0.1/x',
    'https://[::1]/x',
    'https://unknown.example.org/x',
    'https://fcm.googleapis.com.evil.example/x',
    'https://user@fcm.googleapis.com/x',
    'https://fcm.googleapis.com:8443/x',
    'https://push.example.com:444/x',
  ];

  it.each(refused)('%s is refused with 400 and nothing is stored', async (endpoint) => {
    const { headers } = await h.user('officer');
    const res = await subscribe(headers, payload(endpoint));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_error');
    expect(await rows()).toEqual([]);
  });

  it('the services of Chrome, Firefox, Safari and Edge are accepted', async () => {
    const allow = endpointAllow([]);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-by3p.notify.windows.com/w/?token=abc',
    ]) {
      expect(allow(endpoint), endpoint).toBe(true);
    }
    const { headers } = await h.user('officer');
    const res = await subscribe(headers, payload('https://fcm.googleapis.com/fcm/send/abc'));
    expect(res.statusCode).toBe(201);
  });

  it('an unknown service gets the translated reason', async () => {
    const { headers } = await h.user('officer');
    const res = await subscribe(headers, payload('https://unknown.example.org/x'));
    expect(res.json().error.details).toEqual([
      { field: 'subscription.endpoint', code: 'push.errors.endpointNotAllowed' },
    ]);
  });

  it('PUSH_ENDPOINT_ALLOW takes https origins only', () => {
    expect(parseAllowedOrigins('https://a.example:8443/x, https://b.example')).toEqual([
      'https://a.example:8443',
      'https://b.example',
    ]);
    expect(() => parseAllowedOrigins('http://a.example')).toThrow(/not https/);
  });
});
