/**
 * The job loop against a fake push service over https. Here the app is not listening (so its own
 * loop is off) and the test runs senders itself, with an https.Agent that trusts the test's
 * certificate (push-delivery.test.ts trusts it through NODE_EXTRA_CA_CERTS instead).
 */
import { Agent } from 'node:https';
import { validRegistration } from '@bh/shared/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pushQueue, pushSubscriptions } from '../../db/schema.ts';
import {
  type BrowserKeys,
  decryptPush,
  makeBrowserKeys,
  makeTestCertificate,
  startFakePushService,
} from '../../test/fake-push-service.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { endpointAllow } from './endpoint-allow.ts';
import { queuePush } from './queue.ts';
import { createPushSender, retryDelaySeconds } from './sender.ts';
import { loadVapidKeys } from './vapid.ts';

const certificate = makeTestCertificate();
const statuses = new Map<string, number[]>();
let service: Awaited<ReturnType<typeof startFakePushService>>;
let h: Harness;

beforeAll(async () => {
  // Each path answers its listed statuses in turn, then 201.
  service = await startFakePushService(certificate, (path) => statuses.get(path)?.shift() ?? 201);
  h = await createHarness({ PUSH_ENDPOINT_ALLOW: service.origin });
});
afterAll(async () => {
  await h.close();
  await service.close();
});
beforeEach(async () => {
  await h.reset();
  service.received.length = 0;
  statuses.clear();
});

const sender = () =>
  createPushSender({
    db: h.database.db,
    vapid: loadVapidKeys(h.app.ctx.config),
    allow: endpointAllow([service.origin]),
    log: h.app.log,
    agent: new Agent({ ca: certificate.cert }),
  });

async function subscribed(path: string, role: 'admin' | 'officer' = 'officer') {
  const user = await h.user(role);
  const browser = makeBrowserKeys();
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/push-subscriptions',
    headers: user.headers,
    payload: {
      subscription: { endpoint: `${service.origin}${path}`, keys: browser.keys },
      userAgent: 'test',
      timestamp: new Date().toISOString(),
    },
  });
  expect(res.statusCode).toBe(201);
  return { user, browser, subscriptionId: res.json().id as string };
}

const queueRows = () => h.database.db.select().from(pushQueue);
const subscriptionIds = async () =>
  (await h.database.db.select({ id: pushSubscriptions.id }).from(pushSubscriptions)).map((r) => r.id);
const decrypted = (index: number, browser: BrowserKeys) => {
  const got = service.received[index];
  if (!got) throw new Error(`push ${index} not received`);
  return JSON.parse(decryptPush(got.body, browser));
};

describe('push job loop', () => {
  it('an account request reaches the admins (not officers), encrypted for their browser', async () => {
    const admin = await subscribed('/admin', 'admin');
    await subscribed('/officer');
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...validRegistration, name: 'Lê Văn C' },
    });
    expect(res.statusCode, res.body).toBe(201);
    await sender().drain();
    expect(service.received.map((r) => r.path)).toEqual(['/admin']);
    expect(decrypted(0, admin.browser)).toEqual({
      type: 'account-request',
      titleKey: 'accountRequest',
      params: { name: 'Lê Văn C' },
      url: '/admin/account-requests',
    });
    const headers = service.received[0]?.headers;
    expect(headers?.['content-encoding']).toBe('aes128gcm');
    expect(headers?.ttl).toBe('86400');
    expect(String(headers?.authorization)).toMatch(/^vapid t=.+, k=/);
    expect(await queueRows()).toEqual([]);
  });

  it.each([404, 410])('a %i answer deletes the subscription and its queued messages', async (status) => {
    const gone = await subscribed('/gone');
    const kept = await subscribed('/kept');
    statuses.set('/gone', [status]);
    await queuePush(
      h.database.db,
      { userIds: [gone.user.id, kept.user.id] },
      {
        type: 'notification',
        titleKey: 'notification',
        params: {},
        url: '/',
      },
    );
    await sender().drain();
    expect(await subscriptionIds()).toEqual([kept.subscriptionId]);
    expect(await queueRows()).toEqual([]);
  });

  it('a 5xx answer is retried later, then delivered once', async () => {
    const { user, browser } = await subscribed('/flaky');
    statuses.set('/flaky', [503]);
    await queuePush(
      h.database.db,
      { userIds: [user.id] },
      {
        type: 'notification',
        titleKey: 'notification',
        params: { n: 1 },
        url: '/',
      },
    );
    const loop = sender();
    await loop.drain();
    const [waiting] = await queueRows();
    expect(waiting).toMatchObject({ attempts: 1, lastError: 'HTTP 503' });
    expect(waiting?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    await loop.drain();
    expect(service.received).toHaveLength(1);
    // Due again (time moved on): the second try goes through and the row goes.
    await h.database.db.update(pushQueue).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    await loop.drain();
    expect(service.received).toHaveLength(2);
    expect(decrypted(1, browser).params).toEqual({ n: 1 });
    expect(await queueRows()).toEqual([]);
    expect(retryDelaySeconds(1)).toBe(30);
    expect(retryDelaySeconds(20)).toBe(3600);
  });

  it('two server instances draining one queue send every message exactly once', async () => {
    const users = [];
    for (let i = 0; i < 6; i++) users.push((await subscribed(`/s${i}`)).user.id);
    for (let n = 0; n < 8; n++) {
      await queuePush(
        h.database.db,
        { userIds: users },
        {
          type: 'notification',
          titleKey: 'notification',
          params: { n },
          url: '/',
        },
      );
    }
    await Promise.all([sender().drain(), sender().drain(), sender().drain()]);
    expect(service.received).toHaveLength(48);
    const seen = new Set(service.received.map((r) => `${r.path} ${r.body.subarray(0, 16).toString('hex')}`));
    expect(seen.size).toBe(48);
    expect(await queueRows()).toEqual([]);
  });

  it('the job loop never blocks the request: a mode change answers before anything is sent', async () => {
    const admin = await h.user('admin');
    await subscribed('/officer');
    const res = await h.app.inject({
      method: 'PUT',
      url: '/api/system-status',
      headers: admin.headers,
      payload: { mode: 'emergency' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(service.received).toEqual([]);
    expect(await queueRows()).toMatchObject([{ urgency: 'high', attempts: 0 }]);
    await sender().drain();
    expect(service.received[0]?.headers.urgency).toBe('high');
  });
});
