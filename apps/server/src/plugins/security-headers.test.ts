/**
 * Headers of issue 13 item 9: API answers are not cached unless the route says so, HSTS only
 * over TLS (directly or through a trusted proxy), and the refresh-cookie route refuses requests
 * another site's page sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness.ts';

let h: Harness;
let proxied: Harness;
beforeAll(async () => {
  h = await createHarness();
  proxied = await createHarness({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await h.close();
  await proxied.close();
});

describe('Cache-Control on API answers', () => {
  it('is no-store on answers with personal data, and stays as a route sets it', async () => {
    const officer = await h.user();
    const list = await h.app.inject({ url: '/api/travelers', headers: officer.headers });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const refused = await h.app.inject({ url: '/api/users' });
    expect(refused.headers['cache-control']).toBe('no-store');
    const lists = await h.app.inject({ url: '/api/config/countries', headers: officer.headers });
    expect(lists.headers['cache-control']).toBe('private, max-age=3600');
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent only when the request came over TLS', async () => {
    expect((await h.app.inject({ url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY, a client's X-Forwarded-Proto is not believed.
    const spoofed = await h.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    const viaProxy = await proxied.app.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
  });
});

describe('POST /api/auth/refresh', () => {
  const refresh = (headers: Record<string, string>) =>
    h.app.inject({ method: 'POST', url: '/api/auth/refresh', headers });

  it('refuses a request sent from another site (Origin or Referer)', async () => {
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/page' },
    ];
    for (const headers of foreign) {
      const res = await refresh(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
  });

  it('lets this site and non-browser clients through to the cookie check', async () => {
    const ours: Record<string, string>[] = [
      { origin: 'http://localhost:80' },
      { referer: 'http://localhost:80/login' },
      {},
    ];
    for (const headers of ours) {
      expect((await refresh(headers)).statusCode, JSON.stringify(headers)).toBe(401);
    }
  });
});

describe('Content-Security-Policy', () => {
  it('lets the app compile WebAssembly (the scan screen) but never eval JavaScript, and workers only from our origin', async () => {
    const csp = String((await h.app.inject({ url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toContain("worker-src 'self';");
    expect(csp).not.toMatch(/(script|worker)-src[^;]*blob:/);
  });
});
