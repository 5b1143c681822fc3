import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fileHarness } from '../test/file-harness.ts';

// A stand-in build with the .br/.gz copies the web build writes (apps/web/build/precompress.ts).
const webDist = mkdtempSync(path.join(tmpdir(), 'bh-web-gz-'));
mkdirSync(path.join(webDist, 'assets'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
writeFileSync(path.join(webDist, 'assets/main-abc.js'), script);
writeFileSync(path.join(webDist, 'assets/main-abc.js.br'), brotliCompressSync(script));
writeFileSync(path.join(webDist, 'assets/main-abc.js.gz'), gzipSync(script));

const h = fileHarness({ WEB_DIST: webDist }, { reset: false });

describe('compression', () => {
  it('built assets go out as their precompressed copy, per Accept-Encoding', async () => {
    const br = await h.app.inject({ url: '/assets/main-abc.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await h.app.inject({ url: '/assets/main-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await h.app.inject({
      url: '/assets/main-abc.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('API answers over 1 KB are compressed, small ones are not', async () => {
    const big = await h.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(big.rawPayload).toString()).openapi).toBeDefined();
    const small = await h.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().status).toBe('ok');
  });
});
