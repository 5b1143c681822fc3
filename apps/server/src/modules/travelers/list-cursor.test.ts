import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.ts';
import { travelerPayload } from '../../test/payloads.ts';
import { postImport } from '../../test/uploads.ts';

// Keyset paging of GET /api/travelers: following nextCursor lists every live traveller once, in
// the order of OFFSET paging, for each sort (many rows share a sort value: id breaks the ties).
let h: Harness;
let headers: Record<string, string>;
const N = 37;

beforeAll(async () => {
  h = await createHarness();
  headers = (await h.user()).headers;
  const lines = ['fullName,passportNo,nationality,entryDate,status'];
  for (let i = 0; i < N; i++)
    lines.push(
      `Name ${i % 5},P${String(1000000 + i)},${i % 2 ? 'VN' : 'JP'},2026-03-0${(i % 3) + 1},pending`,
    );
  const res = await postImport(h, headers, lines.join('\n'));
  expect(res.json()).toMatchObject({ imported: N });
});
afterAll(() => h.close());

const list = async (query: string) => h.app.inject({ url: `/api/travelers?${query}`, headers });
const ids = (page: { items: { id: string }[] }) => page.items.map((t) => t.id);

describe('GET /api/travelers with a cursor', () => {
  for (const [sort, order] of [
    ['entryDate', 'desc'],
    ['fullName', 'asc'],
    ['createdAt', 'desc'],
    ['nationality', 'asc'],
  ] as const) {
    it(`sort=${sort}&order=${order}: the cursor pages equal the offset pages`, async () => {
      const byOffset = (await list(`sort=${sort}&order=${order}&pageSize=500`)).json();
      expect(byOffset.total).toBe(N);
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 20; i++) {
        const res = await list(`sort=${sort}&order=${order}&pageSize=8${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.statusCode).toBe(200);
        const page = res.json();
        expect(page.total).toBe(N);
        seen.push(...ids(page));
        cursor = page.nextCursor;
        if (!cursor) break;
      }
      expect(seen).toEqual(ids(byOffset));
    });
  }

  it('filters apply to cursor pages too', async () => {
    const first = (await list('nationality=VN&pageSize=10')).json();
    const second = (await list(`nationality=VN&pageSize=10&cursor=${first.nextCursor}`)).json();
    expect(
      [...first.items, ...second.items].every((t: { nationality: string }) => t.nationality === 'VN'),
    ).toBe(true);
    expect(first.items.length + second.items.length).toBe(18);
    expect(second.nextCursor).toBeNull();
  });

  it('a cursor of another sort, or not a cursor at all, is a validation error', async () => {
    const { nextCursor } = (await list('sort=fullName&order=asc&pageSize=5')).json();
    const other = await list(`sort=entryDate&order=desc&cursor=${nextCursor}`);
    expect(other.statusCode).toBe(400);
    expect(other.json().error.code).toBe('validation_error');
    for (const bad of ['abc', Buffer.from('{"s":"fullName"}').toString('base64url'), 'a%20b']) {
      const res = await list(`sort=fullName&order=asc&cursor=${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });
});

// Pages are cached by data version and sent as stored bytes (store.ts, lib/cached-json.ts): a
// write must show in the very next read, and the stored compressed bytes are the same JSON.
/** An update body keeping what identifies the listed traveller (the duplicate guard's keys). */
function travelerWithout(listed: { passportNo: string; nationality: string; entryDate: string }) {
  const { id: _id, ...body } = travelerPayload({
    passportNo: listed.passportNo,
    nationality: listed.nationality,
    entryDate: listed.entryDate,
  });
  return body;
}

describe('GET /api/travelers, cached pages', () => {
  it('a write shows in the next read of the same page', async () => {
    const before = (await list('pageSize=5&sort=fullName&order=asc')).json();
    const again = (await list('pageSize=5&sort=fullName&order=asc')).json();
    expect(again).toEqual(before);
    const first = before.items[0];
    const res = await h.app.inject({
      method: 'PUT',
      url: `/api/travelers/${first.id}`,
      headers,
      payload: { ...travelerWithout(first), fullName: 'Aaron Cached', version: first.version },
    });
    expect(res.statusCode).toBe(200);
    const after = (await list('pageSize=5&sort=fullName&order=asc')).json();
    expect(after.items[0]).toMatchObject({ id: first.id, fullName: 'Aaron Cached' });
    expect(after.items[0].version).toBe(first.version + 1);
  });

  it('sends brotli or gzip as the client accepts, the same JSON as uncompressed', async () => {
    const plain = await list('pageSize=20');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await h.app.inject({
        url: '/api/travelers?pageSize=20',
        headers: { ...headers, 'accept-encoding': accept },
      });
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      const body =
        encoding === 'br'
          ? brotliDecompressSync(res.rawPayload)
          : encoding === 'gzip'
            ? gunzipSync(res.rawPayload)
            : res.rawPayload;
      expect(JSON.parse(body.toString('utf8'))).toEqual(plain.json());
    }
  });
});
