import { foldedSql, foldForSearch } from '@bh/shared';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { fileHarness } from '../../test/file-harness.ts';
import { travelerPayload as traveler } from '../../test/payloads.ts';
import { postImport } from '../../test/uploads.ts';
import { seedDemoTravelers } from './seed.ts';

const h = fileHarness();

async function create(headers: Record<string, string>, over: Record<string, unknown> = {}) {
  const res = await h.app.inject({ method: 'POST', url: '/api/travelers', headers, payload: traveler(over) });
  return { status: res.statusCode, body: res.json() };
}

async function auditActions() {
  const res = await h.database.db.execute(sql`SELECT action FROM audit_events ORDER BY id`);
  return res.rows.map((r) => String(r.action));
}

describe('traveller CRUD', () => {
  it('needs a login', async () => {
    const res = await h.app.inject({ url: '/api/travelers' });
    expect(res.statusCode).toBe(401);
  });

  it('creates (201, version 1, audited) and reads back', async () => {
    const { headers } = await h.user();
    const created = await create(headers, { fullName: 'Trần Thị B', flightNo: 'VN123' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ fullName: 'Trần Thị B', version: 1, flightNo: 'VN123', note: null });
    const got = await h.app.inject({ url: `/api/travelers/${created.body.id}`, headers });
    expect(got.json()).toMatchObject({ id: created.body.id, entryDate: '2026-11-20' });
    expect(await auditActions()).toEqual(['traveler.create']);
  });

  it('refuses invalid bodies with field errors as i18n keys', async () => {
    const { headers } = await h.user();
    const res = await create(headers, { passportNo: 'X1', nationality: 'VN' });
    expect(res.status).toBe(400);
    // The code comes from the shared error plugin's mapping of zod issues; the field is ours.
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain('passportNo');
    const vn = await create(headers, { passportNo: 'AB123456' });
    expect(vn.status).toBe(400);
  });

  it('refuses dates that cannot be true (entry in 2711, birth in the future), storing nothing', async () => {
    const { headers } = await h.user();
    const res = await create(headers, { entryDate: '2711-02-06', birthDate: '2711-01-01' });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'entryDate', code: 'validation.entry_date_too_far' },
        { field: 'birthDate', code: 'validation.birth_date_invalid' },
      ]),
    );
    const expiry = await create(headers, { birthDate: '1990-01-01', passportExpiry: '1980-01-01' });
    expect(expiry.body.error.details).toEqual([
      { field: 'passportExpiry', code: 'validation.expiry_before_birth' },
    ]);
    const stored = await h.database.db.execute(sql`SELECT count(*)::int AS n FROM travelers`);
    expect(stored.rows[0]?.n).toBe(0);
  });

  it('a second create with the same id is a 409 with the server record', async () => {
    const { headers } = await h.user();
    const first = await create(headers);
    const again = await create(headers, { id: first.body.id });
    expect(again.status).toBe(409);
    expect(again.body.error.details.serverRecord.id).toBe(first.body.id);
  });

  it('updates on the current version; a stale version is 409 carrying serverRecord', async () => {
    const { headers } = await h.user();
    const { body } = await create(headers);
    const { id, ...rest } = traveler();
    const ok = await h.app.inject({
      method: 'PUT',
      url: `/api/travelers/${body.id}`,
      headers,
      // The status is the server's (lifecycle): an update that names another one leaves it.
      payload: { ...rest, note: 'Updated', status: 'declared', version: 1 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ note: 'Updated', status: 'pending', version: 2 });
    const stale = await h.app.inject({
      method: 'PUT',
      url: `/api/travelers/${body.id}`,
      headers,
      payload: { ...rest, note: 'Stale', version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({
      code: 'conflict',
      details: { serverRecord: { version: 2, note: 'Updated' } },
    });
    const missing = await h.app.inject({
      method: 'PUT',
      url: `/api/travelers/${id}`,
      headers,
      payload: { ...rest, version: 1 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes with a version (tombstone, hidden from the list and from GET)', async () => {
    const { headers } = await h.user();
    const { body } = await create(headers);
    const stale = await h.app.inject({
      method: 'DELETE',
      url: `/api/travelers/${body.id}?version=5`,
      headers,
    });
    expect(stale.statusCode).toBe(409);
    const del = await h.app.inject({ method: 'DELETE', url: `/api/travelers/${body.id}?version=1`, headers });
    expect(del.statusCode).toBe(200);
    expect(del.json().deletedAt).toBeTruthy();
    expect((await h.app.inject({ url: `/api/travelers/${body.id}`, headers })).statusCode).toBe(404);
    expect((await h.app.inject({ url: '/api/travelers', headers })).json().total).toBe(0);
    expect(await auditActions()).toEqual(['traveler.create', 'traveler.delete']);
  });
});

describe('GET /api/travelers filters, paging and sort', () => {
  beforeEach(async () => {
    const { headers } = await h.user();
    await create(headers, { fullName: 'Nguyễn Văn An', passportNo: 'B1111111', entryDate: '2026-01-01' });
    await create(headers, {
      fullName: 'John SMITH',
      passportNo: 'US5555',
      nationality: 'US',
      entryDate: '2026-01-05',
    });
    await create(headers, {
      fullName: 'Jane Smithers',
      passportNo: 'GB777777',
      nationality: 'GB',
      entryDate: '2026-01-10',
    });
  });
  const list = async (query: string) => {
    const { headers } = await h.user();
    const res = await h.app.inject({ url: `/api/travelers?${query}`, headers });
    return res.json<{ items: { fullName: string }[]; total: number }>();
  };
  const names = async (query: string) => (await list(query)).items.map((t) => t.fullName);

  it('matches names and passports case-insensitively as substrings', async () => {
    expect(await names('fullName=smith&sort=fullName&order=asc')).toEqual(['Jane Smithers', 'John SMITH']);
    expect(await names('fullName=%25')).toEqual([]);
    expect(await names('passportNo=us55')).toEqual(['John SMITH']);
  });
  it('forgives accents and case in names, through the index on the folded name', async () => {
    const { headers } = await h.user();
    await create(headers, { fullName: 'Trần Thị Hoa', passportNo: 'B2222222', entryDate: '2026-01-02' });
    await create(headers, { fullName: 'ĐẶNG Quốc Việt', passportNo: 'B3333333', entryDate: '2026-01-03' });
    await create(headers, { fullName: 'たなか ゆき', passportNo: 'JP444444', nationality: 'JP' });
    expect(await names('fullName=tran%20thi')).toEqual(['Trần Thị Hoa']);
    expect(await names('fullName=NGUYEN%20van%20an')).toEqual(['Nguyễn Văn An']);
    expect(await names('fullName=dang')).toEqual(['ĐẶNG Quốc Việt']);
    expect(await names(`fullName=${encodeURIComponent('タナカ')}`)).toEqual(['たなか ゆき']);
    expect((await list('fullName=tran%20van')).total).toBe(0);
    // The write path folds in TypeScript; the trigger for other writers folds as the code does
    // (migration 0026 against search-fold), and both give the same column.
    const [fn] = (
      await h.database.db.execute<{ src: string }>(
        sql`SELECT prosrc AS src FROM pg_proc WHERE proname = 'travelers_fold_name'`,
      )
    ).rows;
    expect(fn?.src).toContain(foldedSql('NEW.full_name'));
    const folded = async () =>
      (
        await h.database.db.execute<{ full_name: string; name_folded: string }>(
          sql`SELECT full_name, name_folded FROM travelers ORDER BY full_name`,
        )
      ).rows;
    const byWritePath = await folded();
    expect(byWritePath.find((r) => r.full_name === 'ĐẶNG Quốc Việt')?.name_folded).toBe('dang quoc viet');
    for (const r of byWritePath) expect(r.name_folded).toBe(foldForSearch(String(r.full_name)));
    // A writer that changes the name without the fold (the anonymisation does): the trigger folds it.
    await h.database.db.execute(sql`UPDATE travelers SET full_name = full_name || ' '`);
    expect(await folded()).toEqual(
      byWritePath.map((r) => ({ full_name: `${r.full_name} `, name_folded: `${r.name_folded} ` })),
    );
    await h.database.db.execute(sql`UPDATE travelers SET full_name = rtrim(full_name)`);
  });
  it('matches nationality exactly and entry dates inclusively', async () => {
    expect(await names('nationality=GB')).toEqual(['Jane Smithers']);
    expect(await names('entryDateFrom=2026-01-05&entryDateTo=2026-01-10&sort=entryDate&order=asc')).toEqual([
      'John SMITH',
      'Jane Smithers',
    ]);
  });
  it('pages with a total', async () => {
    const page2 = await list('pageSize=2&page=2&sort=entryDate&order=asc');
    expect(page2.total).toBe(3);
    expect(page2.items.map((t) => t.fullName)).toEqual(['Jane Smithers']);
  });
  it('counts a name search within the post with its page, and past its last page', async () => {
    // The officer reads one post: the matches and their total come from one statement, and a page
    // after the last counts on its own.
    const first = await list('fullName=smith&pageSize=1&sort=fullName&order=asc');
    expect([first.total, first.items.map((t) => t.fullName)]).toEqual([2, ['Jane Smithers']]);
    const second = await list('fullName=smith&pageSize=1&page=2&sort=fullName&order=asc');
    expect([second.total, second.items.map((t) => t.fullName)]).toEqual([2, ['John SMITH']]);
    const past = await list('fullName=smith&pageSize=1&page=5');
    expect([past.total, past.items]).toEqual([2, []]);
    expect(await list('fullName=nobody%20at%20all')).toMatchObject({ total: 0, items: [] });
  });
  it('refuses bad filters', async () => {
    const { headers } = await h.user();
    const res = await h.app.inject({
      url: '/api/travelers?entryDateFrom=2026-02-01&entryDateTo=2026-01-01',
      headers,
    });
    expect(res.statusCode).toBe(400);
    expect((await h.app.inject({ url: '/api/travelers?sort=password', headers })).statusCode).toBe(400);
  });
});

describe('CSV export and import', () => {
  it('exports UTF-8 CSV with a BOM as an attachment, audited', async () => {
    const { headers } = await h.user();
    await create(headers, { fullName: 'Lê Thị "Hoa", Hà Nội', note: '=HYPERLINK("x")' });
    const res = await h.app.inject({ url: '/api/travelers/export', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="travelers-/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body).toContain('"Lê Thị ""Hoa"", Hà Nội"');
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(await auditActions()).toContain('traveler.export');
  });

  it('imports the valid rows in one go and reports rejected rows with reasons', async () => {
    const { headers } = await h.user();
    const csv = [
      '\uFEFFfullName,passportNo,nationality,entryDate,status,durationOfStay',
      'Phạm Văn C, c 1234567 ,vn,2026-03-01,,14',
      'Bad Passport,X1,US,2026-03-01,,',
      '"Smith, Anna",GB123456,GB,2026-13-01,,',
      'Kim Min,KR998877,KR,2026-03-02,declared,',
    ].join('\r\n');
    const res = await postImport(h, headers, csv);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ total: 4, imported: 2 });
    expect(report.rejected).toEqual([
      { row: 3, errors: [{ field: 'passportNo', code: 'traveler.errors.passportInvalid' }] },
      { row: 4, errors: [{ field: 'entryDate', code: 'validation.invalid_date' }] },
    ]);
    const listed = (await h.app.inject({ url: '/api/travelers?sort=fullName&order=asc', headers })).json();
    expect(listed.items.map((t: { passportNo: string }) => t.passportNo)).toEqual(['KR998877', 'C1234567']);
    expect(listed.items[1]).toMatchObject({
      nationality: 'VN',
      status: 'pending',
      durationOfStay: 14,
      version: 1,
    });
    const actions = await auditActions();
    expect(actions.filter((a) => a === 'traveler.create')).toHaveLength(2);
    expect(actions).toContain('traveler.import');
  });

  it('accepts multipart uploads and refuses a CSV without the required columns', async () => {
    const { headers } = await h.user();
    const boundary = '----bhtest';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="t.csv"',
      'Content-Type: text/csv',
      '',
      'fullName,passportNo,nationality,entryDate',
      'Ana Silva,PT123456,FR,2026-03-01',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await postImport(h, headers, payload, `multipart/form-data; boundary=${boundary}`);
    expect(res.json()).toMatchObject({ total: 1, imported: 1, rejected: [] });
    const bad = await postImport(h, headers, 'name,passport\nA,B');
    expect(bad.statusCode).toBe(400);
  });

  it('round-trips an export through the import', async () => {
    const { headers } = await h.user();
    await create(headers, { fullName: 'Đỗ Minh', note: '-5 days', flightNo: 'VN456' });
    const exported = (await h.app.inject({ url: '/api/travelers/export', headers })).body;
    const res = await postImport(h, headers, exported);
    // Everyone in the export is registered already: nothing is written twice.
    expect(res.json()).toMatchObject({
      imported: 0,
      rejected: [{ row: 2, errors: [{ field: 'passportNo', code: 'travelers.import.duplicate' }] }],
    });
    // Once the traveller is deleted, the same file registers them again, note intact.
    const [mine] = (await h.app.inject({ url: '/api/travelers', headers })).json().items;
    const del = await h.app.inject({
      method: 'DELETE',
      url: `/api/travelers/${mine.id}?version=${mine.version}`,
      headers,
    });
    expect(del.statusCode).toBeLessThan(300);
    const again = await postImport(h, headers, exported);
    expect(again.json()).toMatchObject({ imported: 1, rejected: [] });
    const listed = (await h.app.inject({ url: '/api/travelers', headers })).json();
    expect(listed.items.map((t: { note: string }) => t.note)).toEqual(['-5 days']);
  });

  it('is safe to repeat: rows already registered or repeated in the file are reported, not written twice', async () => {
    const { headers } = await h.user();
    const csv = [
      'fullName,passportNo,nationality,entryDate',
      'Lý Thị Hoa,C7654321,VN,2026-04-01',
      'Lý Thị Hoa,c 7654321,VN,2026-04-01',
      'Lý Thị Hoa,C7654321,VN,2026-04-09',
      'Other Holder,C7654321,FR,2026-04-01',
    ].join('\n');
    const post = () => postImport(h, headers, csv);
    const dup = { field: 'passportNo', code: 'travelers.import.duplicate' };
    const [first, second] = [(await post()).json(), (await post()).json()];
    expect(first).toEqual({ total: 4, imported: 3, rejected: [{ row: 3, errors: [dup] }] });
    expect(second).toEqual({
      total: 4,
      imported: 0,
      rejected: [2, 3, 4, 5].map((row) => ({ row, errors: [dup] })),
    });
    const listed = (await h.app.inject({ url: '/api/travelers?passportNo=C7654321', headers })).json();
    expect(listed.total).toBe(3);
  });
});

describe('demo travellers', () => {
  it('seeds the three sample travellers once, through the sync write path', async () => {
    const admin = await h.user('admin');
    await seedDemoTravelers(h.database);
    await seedDemoTravelers(h.database);
    const listed = (
      await h.app.inject({ url: '/api/travelers?sort=entryDate&order=desc', headers: admin.headers })
    ).json();
    expect(listed.items.map((t: { status: string }) => t.status)).toEqual(['pending', 'declared', 'tested']);
    const pulled = (await h.app.inject({ url: '/api/sync/pull?cursor=0', headers: admin.headers })).json();
    expect(pulled.changes.filter((c: { table: string }) => c.table === 'travelers')).toHaveLength(3);
  });
});
