import { randomUUID } from 'node:crypto';
import { reportSchema } from '@bh/shared';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import { healthDeclarations, travelers } from '../../db/schema.ts';
import { fileHarness } from '../../test/file-harness.ts';
import { OTHER_POST_ID, TEST_POST_ID } from '../../test/harness.ts';
import { declarationPayload } from '../../test/payloads.ts';

const h = fileHarness();
let headers: { authorization: string };
beforeEach(async () => {
  ({ headers } = await h.user());
});

/** A live traveller row written directly (the report reads rows, whatever wrote them). */
async function traveler(entryDate: string, over: Partial<typeof travelers.$inferInsert> = {}) {
  const id = randomUUID();
  await h.database.db.insert(travelers).values({
    id,
    fullName: '=cmd|x',
    passportNo: 'B1234567',
    nationality: 'VN',
    entryDate,
    status: 'declared',
    changeSeq: 0,
    entryPostId: TEST_POST_ID,
    ...over,
  });
  return id;
}

async function declaration(travelerId: string, createdAt: string, riskLevel: 'low' | 'medium' | 'high') {
  const { id: _id, travelerId: _t, email: _e, ...body } = declarationPayload(travelerId);
  await h.database.db.insert(healthDeclarations).values({
    ...body,
    id: travelerId,
    travelerId,
    riskScore: 0,
    riskLevel,
    riskFactors: [],
    ruleVersion: '1',
    createdAt: new Date(createdAt),
    changeSeq: 0,
    postId: TEST_POST_ID,
  });
}

const get = (url: string, auth: Record<string, string> = headers) => h.app.inject({ url, headers: auth });

async function seedFebruary() {
  const a = await traveler('2026-02-01');
  const b = await traveler('2026-02-01', { nationality: 'JP', status: 'quarantine' });
  await traveler('2026-02-14', { status: 'cleared' });
  await traveler('2026-02-14', { deletedAt: new Date() });
  await traveler('2026-03-01');
  // 23:30 UTC on 31 January is 06:30 on 1 February in Ho Chi Minh City.
  await declaration(a, '2026-01-31T23:30:00Z', 'high');
  await declaration(b, '2026-02-01T10:00:00Z', 'low');
}

describe('reports API', () => {
  it('needs a login', async () => {
    const res = await get('/api/reports/daily?date=2026-02-01', {});
    expect(res.statusCode).toBe(401);
  });

  it('daily: arrivals, declarations by the post day, statuses, nationalities, one series entry', async () => {
    await seedFebruary();
    const res = await get('/api/reports/daily?date=2026-02-01');
    expect(res.statusCode).toBe(200);
    const r = reportSchema.parse(res.json());
    expect(r).toMatchObject({
      period: { kind: 'daily', from: '2026-02-01', to: '2026-02-01', timeZone: 'Asia/Ho_Chi_Minh' },
      arrivals: 2,
      declarations: 2,
      byRiskLevel: { low: 1, medium: 0, high: 1 },
      quarantine: { active: 1, started: 0, released: 0, referred: 0, overdue: 0 },
      series: [{ date: '2026-02-01', arrivals: 2, declarations: 2, highRisk: 1 }],
    });
    expect(r.byStatus).toEqual([
      { status: 'declared', count: 1 },
      { status: 'quarantine', count: 1 },
    ]);
    expect(r.byNationality).toEqual([
      { nationality: 'JP', count: 1 },
      { nationality: 'VN', count: 1 },
    ]);
  });

  it('weekly, monthly and custom periods', async () => {
    await seedFebruary();
    const weekly = reportSchema.parse((await get('/api/reports/weekly?week=2026-W07')).json());
    expect(weekly.period).toMatchObject({ from: '2026-02-09', to: '2026-02-15' });
    expect(weekly.arrivals).toBe(1);
    const monthly = reportSchema.parse((await get('/api/reports/monthly?month=2026-02')).json());
    expect(monthly.arrivals).toBe(3);
    expect(monthly.series).toHaveLength(28);
    const custom = reportSchema.parse(
      (await get('/api/reports/custom?from=2026-01-31&to=2026-03-01')).json(),
    );
    expect(custom).toMatchObject({ arrivals: 4, declarations: 2 });
  });

  it('counts quarantine starts from the timeline, not the status (quarantine-report.test.ts has the lifecycle)', async () => {
    await traveler('2026-02-01', { status: 'quarantine' });
    const today = new Date().toISOString().slice(0, 10);
    const r = reportSchema.parse((await get(`/api/reports/custom?from=2026-01-01&to=${today}`)).json());
    expect(r.quarantine).toMatchObject({ started: 0, active: 1, overdue: 0 });
  });

  it('format=csv: BOM, one section per table, formula-safe cells', async () => {
    await seedFebruary();
    const res = await get('/api/reports/monthly?month=2026-02&format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('report-monthly-2026-02-01_2026-02-28.csv');
    const text = res.body;
    // The post is the first column: an officer's report counts their post (its code for a script).
    expect(text.startsWith('\uFEFF# Summary\r\npost,metric,value\r\nTST,period,monthly\r\n')).toBe(true);
    for (const section of ['Risk levels', 'Statuses', 'Nationalities', 'Quarantine', 'Days']) {
      expect(text).toContain(`\r\n\r\n# ${section}\r\n`);
    }
    expect(text).toContain('\r\nTST,arrivals,3\r\n');
    expect(text).toContain('\r\nTST,2026-02-01,2,2,1\r\n');
  });

  it('format=xlsx: a workbook with one sheet per table', async () => {
    await seedFebruary();
    const res = await get('/api/reports/daily?date=2026-02-01&format=xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Uint8Array.from(res.rawPayload).buffer);
    expect(book.worksheets.map((s) => s.name)).toEqual([
      'Summary',
      'Risk levels',
      'Statuses',
      'Nationalities',
      'Quarantine',
      'Days',
    ]);
    expect(book.getWorksheet('Summary')?.getRow(6).values).toEqual([undefined, 'TST', 'arrivals', 2]);
  });

  describe('the post as a column of the downloads, in the user’s language', () => {
    const download = async (url: string, auth: Record<string, string>, lang: string) =>
      h.app.inject({ url, headers: { ...auth, 'accept-language': lang } });

    it('one post: its code and name on every row (CSV in Vietnamese)', async () => {
      await seedFebruary();
      const res = await download('/api/reports/daily?date=2026-02-01&format=csv', headers, 'vi');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('# Tổng quan\r\nMã cửa khẩu,Cửa khẩu,Chỉ số,Giá trị\r\n');
      expect(res.body).toContain('\r\nTST,Cửa khẩu thử,Người nhập cảnh,2\r\n');
      expect(res.body).toContain('\r\nTST,Cửa khẩu thử,Cao,1\r\n');
      expect(res.body).not.toContain('OTH');
    });

    it('a national roll-up: all posts, then each post with its own figures (CSV in English)', async () => {
      await seedFebruary();
      await traveler('2026-02-01', { entryPostId: OTHER_POST_ID, nationality: 'KR' });
      const admin = (await h.user('admin')).headers;
      const res = await download('/api/reports/daily?date=2026-02-01&format=csv', admin, 'en');
      expect(res.statusCode).toBe(200);
      const summary = res.body.split('\r\n\r\n')[0];
      expect(summary).toContain('\r\nPost code,Post,Figure,Value\r\n');
      expect(summary).toContain('\r\n,All posts,Arrivals,3\r\n');
      expect(summary).toContain('\r\nOTH,Other post,Arrivals,1\r\n');
      expect(summary).toContain('\r\nTST,Test post,Arrivals,2\r\n');
      // A country's rows name the post where they arrived.
      expect(res.body).toContain('\r\nOTH,Other post,South Korea,KR,1\r\n');
      // One post asked for: only its rows.
      const one = await download(
        `/api/reports/daily?date=2026-02-01&format=csv&postId=${OTHER_POST_ID}`,
        admin,
        'en',
      );
      expect(one.body).toContain('\r\nOTH,Other post,Arrivals,1\r\n');
      expect(one.body).not.toMatch(/All posts|TST/);
    });

    it('a workbook in Japanese: the post’s code and Japanese name lead each sheet’s rows', async () => {
      await seedFebruary();
      const admin = (await h.user('admin')).headers;
      const res = await download('/api/reports/daily?date=2026-02-01&format=xlsx', admin, 'ja');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Uint8Array.from(res.rawPayload).buffer);
      const rows = (book.getWorksheet('日別')?.getSheetValues() ?? []).filter((row) => Array.isArray(row));
      expect(rows.map((row) => row.slice(1, 4))).toEqual([
        ['検疫所コード', '検疫所', '日付'],
        ['', 'すべての検疫所', '2026-02-01'],
        ['OTH', '別の検疫所', '2026-02-01'],
        ['TST', 'テスト検疫所', '2026-02-01'],
      ]);
    });
  });

  it.each(['0001-01-01', '0010-08-29', '9999-12-31'])('answers the day %s (no 500)', async (date) => {
    const res = await get(`/api/reports/daily?date=${date}`);
    expect(res.statusCode).toBe(200);
    expect(reportSchema.parse(res.json()).series).toEqual([
      { date, arrivals: 0, declarations: 0, highRisk: 0 },
    ]);
  });

  it.each([
    ['/api/reports/daily?date=2026-02-30', 'date', 'validation.invalid_date'],
    ['/api/reports/daily', 'date', 'validation.required'],
    ['/api/reports/weekly?week=2025-W53', 'week', 'validation.invalid_week'],
    ['/api/reports/monthly?month=2026-13', 'month', 'validation.invalid_month'],
    ['/api/reports/custom?from=2026-03-01&to=2026-02-01', 'to', 'validation.date_range'],
    ['/api/reports/custom?from=2025-01-01&to=2026-01-02', 'to', 'validation.report_range_too_long'],
    ['/api/reports/daily?date=2026-02-01&format=pdf', 'format', 'validation.invalid_option'],
  ])('%s is 400 with a translated key', async (url, field, code) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toContainEqual(expect.objectContaining({ field, code }));
  });
});
