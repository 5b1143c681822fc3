/**
 * Bad input that used to answer 500 (found by the abuse run and the route fuzz test): each must
 * answer 4xx with the usual error body and store nothing. One example per finding, so that a
 * regression names its cause without running the fuzz test.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fileHarness } from './file-harness.ts';
import { changedTables, fingerprint } from './fuzz-db.ts';
import { travelerPayload as traveler } from './payloads.ts';
import { postImport } from './uploads.ts';

const h = fileHarness();

/** The import answered 200: `imported` of `total` rows written, row `row` refused for `field`/`code` alone. */
function expectOneRefused(
  res: Awaited<ReturnType<typeof postImport>>,
  { total, imported, row }: { total: number; imported: number; row: number },
  field: string,
  code: string,
) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ total, imported, rejected: [{ row, errors: [{ field, code }] }] });
}
let officer: { authorization: string };
beforeEach(async () => {
  officer = (await h.user('officer')).headers;
});

interface Call {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer | object;
}

/** Sends the request and checks: the status, the error envelope, no write. Returns the body. */
async function expectRefused(call: Call, status = 400) {
  const before = await fingerprint(h);
  const res = await h.app.inject({
    method: call.method ?? 'POST',
    ...call,
    headers: { ...officer, ...call.headers },
  });
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  expect(changedTables(before, await fingerprint(h))).toEqual([]);
  return body;
}

const CSV = 'fullName,passportNo,nationality,entryDate\nNguyễn Văn A,B1234567,VN,2026-11-20\n';

function multipartBody(
  boundary: string,
  parts: { name: string; filename?: string; type?: string; data: string }[],
) {
  let out = '';
  for (const p of parts) {
    out += `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    out += p.filename ? `; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n` : '\r\n\r\n';
    out += `${p.data}\r\n`;
  }
  return `${out}--${boundary}--\r\n`;
}

const PNG = '\x89PNG\r\n\x1a\n0123';
const uploads = {
  '/api/files': [
    { name: 'file_type', data: 'health_test_result' },
    { name: 'file', filename: 'a.png', type: 'image/png', data: PNG },
  ],
  '/api/travelers/bulk-import': [{ name: 'file', filename: 'a.csv', type: 'text/csv', data: CSV }],
};

/** A body the parser cannot read: the import names its file field and its own message. */
const unreadable: Record<keyof typeof uploads, { field: string; code: string }> = {
  '/api/files': { field: 'body', code: 'validation.malformed_body' },
  '/api/travelers/bulk-import': { field: 'file', code: 'travelers.import.badUpload' },
};

describe.each(Object.entries(uploads))('multipart on POST %s', (url, parts) => {
  const payload = multipartBody('XyZ123', parts);
  it('without a boundary answers 400 validation.malformed_body', async () => {
    const body = await expectRefused({ url, headers: { 'content-type': 'multipart/form-data' }, payload });
    expect(body.error.details).toEqual([{ field: 'body', code: 'validation.malformed_body' }]);
  });
  it('with an empty or over-long boundary answers 400', async () => {
    for (const type of [
      'multipart/form-data; boundary=',
      `multipart/form-data; boundary=${'b'.repeat(300)}`,
    ]) {
      await expectRefused({ url, headers: { 'content-type': type }, payload });
    }
  });
  it('with a boundary the body does not use answers 400', async () => {
    const body = await expectRefused({
      url,
      headers: { 'content-type': 'multipart/form-data; boundary=OtherBoundary' },
      payload,
    });
    expect(body.error.details).toEqual([unreadable[url as keyof typeof uploads]]);
  });
  it('truncated answers 400', async () => {
    for (const cut of [20, payload.length - 30, payload.length - 5]) {
      await expectRefused({
        url,
        headers: { 'content-type': 'multipart/form-data; boundary=XyZ123' },
        payload: payload.slice(0, cut),
      });
    }
  });
});

describe('dates PostgreSQL cannot store', () => {
  it('POST /api/travelers with year 0000 answers 400 validation.invalid_date', async () => {
    for (const entryDate of ['0000-01-01', '0000-02-29']) {
      const body = await expectRefused({ url: '/api/travelers', payload: traveler({ entryDate }) });
      expect(body.error.details).toContainEqual({ field: 'entryDate', code: 'validation.invalid_date' });
    }
  });
  it('GET /api/travelers?entryDateFrom=0000-01-01 answers 400', async () => {
    await expectRefused({ method: 'GET', url: '/api/travelers?entryDateFrom=0000-01-01' });
  });
  it('GET /api/system-status?today=0000-01-01 answers 400', async () => {
    await expectRefused({ method: 'GET', url: '/api/system-status?today=0000-01-01' });
  });
  it('a date-time before year 1 or after 9999 in UTC, or with an impossible offset, is refused', async () => {
    for (const timestamp of [
      '0000-06-01T00:00:00Z',
      '0001-01-01T00:00:00+01:00',
      '9999-12-31T23:00:00-05:00',
      '2026-01-01T00:00:00+23:00',
    ]) {
      const body = await expectRefused({
        url: '/api/push-subscriptions',
        payload: {
          subscription: { endpoint: 'https://push.example.com/x', keys: { p256dh: 'BNc', auth: 'YQ' } },
          userAgent: 'test',
          timestamp,
        },
      });
      expect(body.error.details).toContainEqual({ field: 'timestamp', code: 'validation.invalid_datetime' });
    }
  });
  it('one bulk-import row with year 0000 is reported as a rejected row; the others are imported', async () => {
    const res = await postImport(h, officer, `${CSV}Trần Thị B,C7654321,VN,0000-01-01\n`);
    expectOneRefused(res, { total: 2, imported: 1, row: 3 }, 'entryDate', 'validation.invalid_date');
  });
});

describe('one malformed bulk-import row', () => {
  it('a NUL inside a CSV file sent as multipart rejects that row only (validation.invalid_characters)', async () => {
    const csv = `${CSV}Trần Thị B,C7654321,VN,2026-11-20\n`.replace('Trần', 'Tr\u0000ần');
    const payload = multipartBody('XyZ123', [
      { name: 'file', filename: 'a.csv', type: 'text/csv', data: csv },
    ]);
    const res = await postImport(
      h,
      officer,
      Buffer.from(payload, 'utf8'),
      'multipart/form-data; boundary=XyZ123',
    );
    expectOneRefused(res, { total: 2, imported: 1, row: 3 }, 'fullName', 'validation.invalid_characters');
  });
});

describe('NUL and lone surrogates', () => {
  it('in a JSON body answer 400 validation.invalid_characters', async () => {
    for (const fullName of ['A\u0000B', 'A\uD800B', 'A\uDC00', '\uD83D']) {
      const body = await expectRefused({
        url: '/api/travelers',
        payload: JSON.stringify(traveler({ fullName })),
        headers: { 'content-type': 'application/json' },
      });
      expect(body.error.details).toEqual([{ field: 'fullName', code: 'validation.invalid_characters' }]);
    }
  });
  it('in a JSON key or a body field without a text schema answer 400', async () => {
    await expectRefused({
      url: '/api/push-subscriptions',
      payload: {
        subscription: { endpoint: 'https://push.example.com/x', keys: { p256dh: 'BNc', auth: 'YQ' } },
        userAgent: 'a\u0000b',
        timestamp: '2026-03-05T10:00:00.000Z',
      },
    });
    await expectRefused({ url: '/api/travelers', payload: { ...traveler(), 'x\u0000': 1 } });
  });
  it('in a text body (CSV import) reject that row only, like a multipart file', async () => {
    const res = await postImport(h, officer, CSV.replace('Nguyễn', 'Ngu\u0000yễn'));
    expectOneRefused(res, { total: 1, imported: 0, row: 2 }, 'fullName', 'validation.invalid_characters');
  });
  it('in the query string answer 400', async () => {
    for (const q of ['fullName=%00', 'passportNo=B%00', 'sort=%00', 'x%00=1']) {
      const body = await expectRefused({ method: 'GET', url: `/api/travelers?${q}` });
      expect(body.error.code).toBe('validation_error');
    }
    // UTF-8 of a surrogate is not valid UTF-8: the parser keeps the text as typed, harmless.
    const res = await h.app.inject({ url: '/api/travelers?fullName=%ED%A0%80', headers: officer });
    expect(res.statusCode).toBe(200);
  });
  it('the emoji (a valid surrogate pair) still passes', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/travelers',
      headers: officer,
      payload: traveler({ fullName: 'Nguyễn 😀' }),
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('broken URLs', () => {
  it('a path with broken percent-encoding answers 400 with the error envelope', async () => {
    for (const url of ['/api/travelers/%', '/api/users/%E0%A4%A/x', '/api/files/%zz/metadata']) {
      const res = await h.app.inject({ url, headers: officer });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.json()).toMatchObject({ error: { code: 'validation_error', message: expect.any(String) } });
    }
  });
});

describe('numbers past the database column', () => {
  it('a record version above the PostgreSQL integer range is refused at validation', async () => {
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/travelers',
      headers: officer,
      payload: traveler(),
    });
    const { id } = created.json();
    const big = 2 ** 31;
    const put = await expectRefused({
      method: 'PUT',
      url: `/api/travelers/${id}`,
      payload: { ...traveler(), id: undefined, version: big },
    });
    expect(put.error.details).toContainEqual({ field: 'version', code: 'validation.max_value' });
    const del = await expectRefused({ method: 'DELETE', url: `/api/travelers/${id}?version=${big}` });
    expect(del.error.details).toContainEqual({ field: 'version', code: 'validation.max_value' });
    const push = await expectRefused({
      url: '/api/sync/push',
      payload: {
        clientId: randomUUID(),
        mutations: [{ seq: 1, table: 'travelers', op: 'delete', id, baseVersion: big, data: null }],
      },
    });
    expect(push.error.details).toContainEqual({
      field: 'mutations.0.baseVersion',
      code: 'validation.max_value',
    });
  });
});
