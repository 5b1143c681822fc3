import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { fileHarness } from './test/file-harness.ts';

// A stand-in build of the web app, to check how the server serves it.
const webDist = mkdtempSync(path.join(tmpdir(), 'bh-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
writeFileSync(path.join(webDist, 'assets/index-abc123.js'), 'console.log(1)');
// The precompressed copies the build writes beside each file.
for (const file of ['index.html', 'sw.js', 'assets/index-abc123.js']) {
  const text = readFileSync(path.join(webDist, file));
  writeFileSync(path.join(webDist, `${file}.br`), brotliCompressSync(text));
  writeFileSync(path.join(webDist, `${file}.gz`), gzipSync(text));
}

const h = fileHarness({ WEB_DIST: webDist }, { reset: false });

describe('GET /api/health', () => {
  it('answers ok with the database kind and version', async () => {
    const res = await h.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      db: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      version: expect.any(String),
    });
  });
});

describe('errors are JSON with a code from the catalogue, never a stack trace', () => {
  it('an unknown /api route is a JSON 404', async () => {
    const res = await h.app.inject({ url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  // A logged-in push with a body the route cannot take.
  const pushBody = async (payload: string | object, contentType?: string) => {
    const { headers } = await h.user();
    return h.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: contentType ? { ...headers, 'content-type': contentType } : headers,
      payload,
    });
  };

  it('malformed JSON is a 400 validation_error', async () => {
    const res = await pushBody('{"clientId": "abc', 'application/json');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_error');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('fields of the wrong type are a 400 with details, not a 500', async () => {
    const res = await pushBody({ clientId: 12345, mutations: 'lots' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', details: expect.any(Array) });
  });

  it('a wrong content type is a 4xx JSON error', async () => {
    const res = await pushBody('<x/>', 'application/xml');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.code).toEqual(expect.any(String));
  });
});

describe('security headers and serving the app', () => {
  it('sends a CSP that allows only the app origin, and nosniff', async () => {
    const res = await h.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:|\*/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('hashed assets are immutable; sw.js and index.html are never cached', async () => {
    const asset = await h.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const sw = await h.app.inject({ url: '/sw.js' });
    expect(sw.headers['cache-control']).toMatch(/no-cache/);
    const index = await h.app.inject({ url: '/' });
    expect(index.headers['cache-control']).toMatch(/no-cache/);
  });

  it('sends the same Cache-Control whatever the encoding (plain, gzip, brotli)', async () => {
    const expected: Record<string, RegExp> = {
      '/sw.js': /^no-cache, no-store/,
      '/index.html': /^no-cache, no-store/,
      '/': /^no-cache, no-store/,
      '/entry-management': /^no-cache, no-store/,
      '/assets/index-abc123.js': /^public, max-age=31536000, immutable$/,
    };
    for (const [url, cacheControl] of Object.entries(expected)) {
      for (const encoding of ['identity', 'gzip', 'br']) {
        const res = await h.app.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(res.statusCode, `${url} ${encoding}`).toBe(200);
        expect(res.headers['content-encoding'], `${url} ${encoding}`).toBe(
          encoding === 'identity' ? undefined : encoding,
        );
        expect(res.headers['cache-control'], `${url} ${encoding}`).toMatch(cacheControl);
      }
    }
  });

  it('unknown non-API paths get index.html so client routes work', async () => {
    const res = await h.app.inject({ url: '/entry-management?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>app</title>');
    expect(res.headers['cache-control']).toMatch(/no-cache/);
  });
});

describe('configuration', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
  ])('a bad value %j names the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid environment variable ${name}:`));
  });

  it('defaults: port 3000, data in ./data', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.dataDir).toBe(path.resolve('./data'));
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('embedded database', () => {
  it('keeps its data in DATA_DIR across restarts', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bh-persist-'));
    const first = await openDatabase({ dataDir: dir });
    await first.db.execute(sql`INSERT INTO meta (key, value) VALUES ('persist-check', 'kept')`);
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    const rows = await second.rows(
      z.object({ value: z.string() }),
      sql`SELECT value FROM meta WHERE key = 'persist-check'`,
    );
    await second.close();
    expect(rows[0]?.value).toBe('kept');
  });
});

describe('request logs', () => {
  it('keep the path but never the query string (passport searches stay out of logs)', async () => {
    const { logRequest } = await import('./app.ts');
    expect(logRequest({ method: 'GET', url: '/api/travelers?passportNo=B1234567', ip: '10.0.0.1' })).toEqual({
      method: 'GET',
      url: '/api/travelers',
      ip: '10.0.0.1',
    });
  });
});
