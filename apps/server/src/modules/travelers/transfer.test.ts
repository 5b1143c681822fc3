/**
 * Large CSV transfers: the export streams in keyset chunks with at most two at once, the import
 * writes chunks of 1,000 rows in their own transactions and reports every refused row.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { apiErrorSchema } from '@bh/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, TEST_POST_ID } from '../../test/harness.ts';
import { postImport } from '../../test/uploads.ts';
import { parseCsv } from './csv.ts';

let h: Harness;
let base = '';
beforeAll(async () => {
  h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const address = h.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  base = `http://127.0.0.1:${(address satisfies AddressInfo).port}`;
});
afterAll(() => h.close());

const HEADER = 'fullName,passportNo,nationality,entryDate,status,note';
/** A valid row: passport unique per i, entry dates spread over 2025. */
const row = (i: number) => {
  const day = new Date(Date.UTC(2025, 0, 1) + (i % 300) * 86_400_000).toISOString().slice(0, 10);
  return `Traveller ${i},GB${String(i).padStart(7, '0')},GB,${day},pending,note ${i}`;
};
const csvOf = (lines: string[]) => `${[HEADER, ...lines].join('\r\n')}\r\n`;

async function importCsv(headers: Record<string, string>, csv: string, accept = 'application/json') {
  return postImport(h, { ...headers, accept }, csv);
}

async function countLive() {
  const res = await h.database.db.execute(
    sql`SELECT count(*)::int AS n FROM travelers WHERE deleted_at IS NULL`,
  );
  return Number(res.rows[0]?.n);
}

describe('chunked import', () => {
  it('imports 5,000 rows in chunks, reporting each refused row once and writing nothing of it', async () => {
    await h.reset();
    const { headers } = await h.user();
    // One traveller registered before the import: its row in the file is a duplicate.
    const first = await importCsv(headers, csvOf([row(4321)]));
    expect(first.json()).toMatchObject({ imported: 1 });
    const lines = Array.from({ length: 5000 }, (_, i) => row(i));
    // Line numbers are the spreadsheet's: line 2 is lines[0].
    const bad = {
      10: 'Bad One,X1,GB,2025-02-01,pending,', // passport too short (chunk 1)
      1500: 'Bad Two,GB1500000,GB,2025-13-01,pending,', // no such month (chunk 2)
      2600: ',GB2600000,GB,2025-02-01,pending,', // no name (chunk 3)
      3001: row(18), // repeats line 20 of an earlier chunk (chunk 4)
      4999: 'Bad Four,GB4999000,GB,yesterday,pending,', // not a date (chunk 5)
    };
    for (const [lineNo, text] of Object.entries(bad)) lines[Number(lineNo) - 2] = text;
    const res = await importCsv(headers, csvOf(lines));
    expect(res.statusCode).toBe(200);
    const report = res.json();
    const refusedRows = report.rejected.map((r: { row: number }) => r.row);
    expect(refusedRows).toEqual([10, 1500, 2600, 3001, 4323, 4999]);
    expect(report.total).toBe(5000);
    expect(report.imported).toBe(5000 - 6);
    const codes = Object.fromEntries(
      report.rejected.map((r: { row: number; errors: { code: string }[] }) => [
        r.row,
        r.errors.map((e) => e.code),
      ]),
    );
    expect(codes[10]).toEqual(['traveler.errors.passportInvalid']);
    expect(codes[3001]).toEqual(['travelers.import.duplicate']);
    expect(codes[4323]).toEqual(['travelers.import.duplicate']);
    expect(await countLive()).toBe(1 + 5000 - 6);
    const stored = await h.database.db.execute(
      sql`SELECT count(*)::int AS n FROM travelers WHERE passport_no IN ('X1', 'GB1500000', 'GB2600000', 'GB4999000')`,
    );
    expect(Number(stored.rows[0]?.n)).toBe(0);
    const audit = await h.database.db.execute(
      sql`SELECT details FROM audit_events WHERE action = 'traveler.import' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.rows[0]?.details).toMatchObject({ total: 5000, imported: 4994, chunks: 5 });
  });

  it('refuses a row the database cannot store on its own, keeping the rest of its chunk', async () => {
    await h.reset();
    const { headers } = await h.user();
    // Year 0: PostgreSQL has no such date; whichever check refuses it, only that row is refused.
    const res = await importCsv(
      headers,
      csvOf([row(1), 'Year Zero,GB0000002,GB,0000-01-01,pending,', row(3)]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 3, imported: 2, rejected: [{ row: 3 }] });
    expect(await countLive()).toBe(2);
  });

  it('imports another trip on a passport already registered (other entry date or nationality)', async () => {
    await h.reset();
    const { headers } = await h.user();
    expect((await importCsv(headers, csvOf([row(1)]))).json()).toMatchObject({ imported: 1 });
    // Same passport as row(1), another entry date and another nationality: not duplicates.
    const res = await importCsv(
      headers,
      csvOf(['Traveller 1,GB0000001,GB,2026-03-01,pending,', 'Traveller 1,GB0000001,IE,2025-01-02,pending,']),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 2, imported: 2, rejected: [] });
    expect(await countLive()).toBe(3);
  });

  it('imports a CSV sent as text over a real connection (the body is a stream, not JSON)', async () => {
    await h.reset();
    const { headers } = await h.user();
    const res = await fetch(`${base}/api/travelers/bulk-import`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/csv', accept: 'application/x-ndjson' },
      body: csvOf([row(1), row(2)]),
      signal: AbortSignal.timeout(20_000),
    });
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.at(-1)).toMatchObject({ type: 'report', report: { total: 2, imported: 2 } });
  });

  it('two imports of one file at the same time register each traveller once', async () => {
    await h.reset();
    const { headers } = await h.user();
    const csv = csvOf(Array.from({ length: 2500 }, (_, i) => row(i)));
    const both = await Promise.all([importCsv(headers, csv), importCsv(headers, csv)]);
    const reports = both.map((r) => r.json());
    expect(reports[0].imported + reports[1].imported).toBe(2500);
    expect(reports[0].rejected.length + reports[1].rejected.length).toBe(2500);
    expect(await countLive()).toBe(2500);
  });

  it('answers 4xx to broken multipart uploads and writes nothing', async () => {
    await h.reset();
    const { headers } = await h.user();
    const part = (boundary: string, end = true) =>
      [
        `--${boundary}`,
        'Content-Disposition: form-data; name="file"; filename="t.csv"',
        'Content-Type: text/csv',
        '',
        HEADER,
        row(1),
        ...(end ? [`--${boundary}--`, ''] : []),
      ].join('\r\n');
    const cases = [
      { type: 'multipart/form-data', payload: part('b1') },
      { type: 'multipart/form-data; boundary=other', payload: part('b1') },
      { type: 'multipart/form-data; boundary=b1', payload: part('b1', false) },
    ];
    for (const c of cases) {
      const res = await postImport(h, headers, c.payload, c.type);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().error.code).toEqual(expect.any(String));
    }
    expect(await countLive()).toBe(0);
  });

  it('streams progress lines then the same report when asked for application/x-ndjson', async () => {
    await h.reset();
    const { headers } = await h.user();
    const lines = Array.from({ length: 2500 }, (_, i) => row(i));
    lines[5] = 'Bad,X1,GB,2025-02-01,pending,';
    const res = await importCsv(headers, csvOf(lines), 'application/x-ndjson');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const events = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(events.filter((e) => e.type === 'progress').map((e) => e.processed)).toEqual([
      0, 1000, 2000, 2500,
    ]);
    expect(events.at(-1)).toEqual({
      type: 'report',
      report: {
        total: 2500,
        imported: 2499,
        rejected: [{ row: 7, errors: [{ field: 'passportNo', code: 'traveler.errors.passportInvalid' }] }],
      },
    });
  });

  it('answers errors found before writing with a status even in progress mode, writing nothing', async () => {
    await h.reset();
    const { headers } = await h.user();
    const missing = await importCsv(headers, 'name,passport\r\nA,B\r\n', 'application/x-ndjson');
    expect(missing.statusCode).toBe(400);
    const latin1 = Buffer.concat([
      Buffer.from(`${HEADER}\r\nL`),
      Buffer.from([0xea]),
      Buffer.from(' Thi,GB1234567,GB,2025-01-01,pending,\r\n'),
    ]);
    const res = await importCsv(headers, latin1.toString('latin1'));
    expect(res.statusCode).toBe(200); // inject re-encodes the string as UTF-8: valid
    const raw = await postImport(h, headers, latin1);
    expect(raw.statusCode).toBe(400);
    expect(raw.json().error.details).toEqual([{ code: 'travelers.import.encoding' }]);
    expect(await countLive()).toBe(1);
  });
});

describe('streamed export', () => {
  // Large enough that two downloads nobody reads cannot fit in the socket buffers.
  const N = 60_000;
  beforeAll(async () => {
    await h.reset();
    await h.database.db.execute(sql`INSERT INTO travelers
        (id, full_name, passport_no, nationality, entry_date, status, note, change_seq, entry_post_id)
      SELECT gen_random_uuid(), 'Traveller ' || i, 'GB' || lpad(i::text, 7, '0'), 'GB',
        date '2025-01-01' + (i % 300), 'pending', 'note ' || i, nextval('change_seq'), ${TEST_POST_ID}::uuid
      FROM generate_series(0, ${N - 1}) AS i`);
  });

  it('sends every row once, newest entry first, with BOM and header, in chunks (no Content-Length)', async () => {
    const { headers } = await h.user();
    const res = await fetch(`${base}/api/travelers/export`, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBeNull();
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(bytes.toString('utf8'));
    expect(rows[0]?.slice(0, 5)).toEqual(['id', 'fullName', 'passportNo', 'nationality', 'entryDate']);
    const data = rows.slice(1);
    expect(data).toHaveLength(N);
    expect(new Set(data.map((r) => r[0])).size).toBe(N);
    const keys = data.map((r) => `${r[4]}|${r[0]}`);
    expect(keys).toEqual([...keys].sort().reverse());
    const audit = await h.database.db.execute(
      sql`SELECT details FROM audit_events WHERE action = 'traveler.export' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.rows[0]?.details).toEqual({ count: N, complete: true });
  });

  it('keeps the filters while paging through chunks', async () => {
    const { headers } = await h.user();
    const res = await fetch(`${base}/api/travelers/export?entryDateFrom=2025-01-01&entryDateTo=2025-01-10`, {
      headers,
    });
    const data = parseCsv(await res.text()).slice(1);
    expect(data).toHaveLength((N / 300) * 10);
    expect(data.every((r) => (r[4] ?? '') >= '2025-01-01' && (r[4] ?? '') <= '2025-01-10')).toBe(true);
  });

  it('runs two exports at once; a third gets 429 with Retry-After; slots come back when a client leaves', async () => {
    const { headers } = await h.user();
    // Two downloads that are not read: the server waits on the socket with both slots taken.
    const stalled = [new AbortController(), new AbortController()];
    const open = await Promise.all(
      stalled.map((c) => fetch(`${base}/api/travelers/export`, { headers, signal: c.signal })),
    );
    expect(open.map((r) => r.status)).toEqual([200, 200]);
    const third = await fetch(`${base}/api/travelers/export`, { headers });
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(apiErrorSchema.parse(await third.json()).error).toMatchObject({ code: 'rate_limited' });
    for (const c of stalled) c.abort();
    // The server notices the closed sockets and gives the slots back.
    let again = 0;
    for (let i = 0; i < 50 && again !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const res = await fetch(`${base}/api/travelers/export?nationality=FR`, { headers });
      again = res.status;
      await res.arrayBuffer();
    }
    expect(again).toBe(200);
  });

  it('answers /api/health within a second while two exports run', async () => {
    const { headers } = await h.user();
    const downloads = [1, 2].map(async () =>
      (await fetch(`${base}/api/travelers/export`, { headers })).arrayBuffer(),
    );
    let running = true;
    const times: number[] = [];
    const probe = (async () => {
      while (running) {
        const started = performance.now();
        const res = await fetch(`${base}/api/health`);
        await res.json();
        times.push(performance.now() - started);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const done = await Promise.all(downloads);
    running = false;
    await probe;
    expect(done.every((b) => b.byteLength > N * 50)).toBe(true);
    expect(times.length).toBeGreaterThan(0);
    expect(Math.max(...times)).toBeLessThan(1000);
  });
});

describe('export slots', () => {
  it('needs a login before taking a slot', async () => {
    const res = await h.app.inject({ url: '/api/travelers/export' });
    expect(res.statusCode).toBe(401);
    const id = randomUUID();
    expect((await h.app.inject({ url: `/api/travelers/${id}` })).statusCode).toBe(401);
  });
});
