import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.ts';
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
