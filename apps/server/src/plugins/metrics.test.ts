/**
 * GET /metrics (plugins/metrics.ts): never served on the app's port without METRICS_TOKEN, only to
 * that bearer token with it, freely on the private METRICS_PORT listener; the contents (latency by
 * route pattern, the sync's counters by outcome, push queue depth, pool use); and request ids
 * (plugins/request-id.ts): every answer carries one, a client's acceptable one is kept.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fileHarness } from '../test/file-harness.ts';
import { syncPush, travelerData } from '../test/payloads.ts';

const TOKEN = 'metrics-token-0123456789-0123456789-abcdef';
const h = fileHarness({ METRICS_TOKEN: TOKEN });

/** The value of a sample line `name{labels} value` of the exposition text (undefined if absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(m[3]);
  }
  return undefined;
}

const scrape = async () => {
  const res = await h.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('where /metrics is served', () => {
  it('on the app port only to the METRICS_TOKEN bearer: none or another token is 401', async () => {
    const none = await h.app.inject({ url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toContain('Bearer');
    expect(none.body).not.toContain('bh_');
    const wrong = await h.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    const right = await h.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toContain('text/plain; version=0.0.4');
    expect(right.body).toContain('# TYPE bh_http_request_duration_seconds histogram');
  });

  it('without METRICS_TOKEN the app port has no metrics, token or not; METRICS_PORT serves them privately', async () => {
    const other = await h.instance({ METRICS_TOKEN: '', METRICS_PORT: '0' });
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await other.inject({ url: '/metrics', headers });
        expect(res.body).not.toContain('bh_http_request_duration_seconds');
      }
      const address = other.ctx.metrics.privateAddress();
      expect(address?.address).toBe('127.0.0.1');
      const res = await fetch(`http://127.0.0.1:${address?.port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('bh_sync_pushes_total');
      expect((await fetch(`http://127.0.0.1:${address?.port}/api/health`)).status).toBe(404);
    } finally {
      await other.close();
    }
    // Closed with the app.
    expect(other.ctx.metrics.privateAddress()).toBeNull();
  });

  it('a token shorter than 32 characters is refused at start', async () => {
    await expect(h.instance({ METRICS_TOKEN: 'short' })).rejects.toThrow(/METRICS_TOKEN/);
  });
});

describe('what /metrics says', () => {
  it('counts pushes, mutations by outcome (applied, duplicate, conflict, rejected) and pulls', async () => {
    const before = await scrape();
    const count = (text: string, name: string, labels?: Record<string, string>) =>
      sample(text, name, labels) ?? 0;
    const { headers } = await h.user();
    const id = randomUUID();
    const create = { seq: 1, table: 'travelers', op: 'create', id, baseVersion: null, data: travelerData() };
    const bad = { seq: 2, table: 'travelers', op: 'create', id: randomUUID(), baseVersion: null, data: {} };
    expect((await h.app.inject(syncPush(headers, 'device-metrics', [create, bad]))).statusCode).toBe(200);
    const stale = { seq: 3, table: 'travelers', op: 'update', id, baseVersion: 7, data: travelerData() };
    const answer = await h.app.inject(syncPush(headers, 'device-metrics', [create, stale]));
    expect(answer.json().results.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'conflict']);
    await h.app.inject({ url: '/api/sync/pull?cursor=0', headers });
    await h.app.inject({ url: '/api/sync/pull?cursor=0&limit=10', headers });

    const after = await scrape();
    const grew = (name: string, labels?: Record<string, string>) =>
      count(after, name, labels) - count(before, name, labels);
    expect(grew('bh_sync_pushes_total')).toBe(2);
    for (const status of ['applied', 'duplicate', 'conflict', 'rejected'])
      expect(grew('bh_sync_mutations_total', { table: 'travelers', status })).toBe(1);
    expect(grew('bh_sync_pulls_total')).toBe(2);
    expect(sample(after, 'bh_sync_push_queue_depth')).toBe(0);
    expect(sample(after, 'bh_web_push_queue_rows')).toBeGreaterThanOrEqual(0);
  });

  it('times requests by route pattern, never by URL (ids and query strings stay out)', async () => {
    const { headers } = await h.user();
    const id = randomUUID();
    await h.app.inject({ url: `/api/travelers/${id}`, headers });
    await h.app.inject({ url: '/api/sync/pull?cursor=0', headers });
    await h.app.inject({ url: `/api/no-such-route/${id}` });
    const text = await scrape();
    const series = text.split('\n').filter((l) => l.startsWith('bh_http_request_duration_seconds_count'));
    expect(series.join('\n')).not.toContain(id);
    expect(series.join('\n')).not.toContain('cursor=');
    expect(
      sample(text, 'bh_http_request_duration_seconds_count', {
        route: '/api/travelers/:id',
        status_code: '404',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'bh_http_request_duration_seconds_count', { route: '/api/sync/pull', method: 'GET' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'bh_http_request_duration_seconds_count', { route: 'unmatched' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'bh_http_request_duration_seconds_bucket', { route: '/api/sync/pull', le: '+Inf' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('shows the database connections of this instance and the process metrics', async () => {
    const text = await scrape();
    const kind = h.database.kind;
    expect(sample(text, 'bh_db_pool_connections', { state: 'max' })).toBe(kind === 'pglite' ? 1 : 10);
    expect(sample(text, 'bh_db_pool_connections', { state: 'waiting' })).toBe(0);
    expect(sample(text, 'bh_db_pool_connections', { state: 'open' })).toBeGreaterThanOrEqual(1);
    expect(text).toContain('bh_process_resident_memory_bytes');
    expect(text).toContain('bh_nodejs_eventloop_lag_p99_seconds');
  });
});

describe('request ids', () => {
  it('every answer carries one, different each time, also a 404 and an error', async () => {
    const a = await h.app.inject({ url: '/api/health' });
    const b = await h.app.inject({ url: '/api/health' });
    const missing = await h.app.inject({ url: '/api/no-such-route' });
    const refused = await h.app.inject({ url: '/api/travelers' });
    const ids = [a, b, missing, refused].map((r) => String(r.headers['x-request-id']));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(4);
    expect(refused.statusCode).toBe(401);
  });

  it("keeps a client's or proxy's id of 1-128 letters, digits and -_.:", async () => {
    for (const given of ['abc', 'haproxy:7f00.0001_AB-12', 'x'.repeat(128)]) {
      const res = await h.app.inject({ url: '/api/health', headers: { 'x-request-id': given } });
      expect(res.headers['x-request-id']).toBe(given);
    }
  });

  it('replaces an id that is too long or carries other characters', async () => {
    for (const given of ['x'.repeat(129), 'two words', 'a"b', 'é', '<script>', 'a,b']) {
      const res = await h.app.inject({ url: '/api/health', headers: { 'x-request-id': given } });
      expect(res.headers['x-request-id']).not.toBe(given);
      expect(String(res.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
