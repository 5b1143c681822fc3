import { type Report, reportSchema } from '@bh/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { REPORT_CSV_FIRST_HEADER, type ReportSection, reportCsv, reportXlsx } from './tables.ts';

const report: Report = reportSchema.parse({
  period: { kind: 'daily', from: '2026-02-01', to: '2026-02-01', timeZone: 'Asia/Ho_Chi_Minh' },
  arrivals: 3,
  declarations: 2,
  byRiskLevel: { low: 1, medium: 0, high: 1 },
  byStatus: [
    { status: 'quarantine', count: 1 },
    { status: 'pending', count: 2 },
  ],
  byNationality: [
    { nationality: 'JP', count: 2 },
    { nationality: 'VN', count: 1 },
  ],
  quarantine: { started: 1, active: 1, released: 0, referred: 0, overdue: 0 },
  series: [{ date: '2026-02-01', arrivals: 3, declarations: 2, highRisk: 1 }],
  generatedAt: '2026-02-01T10:00:00.000Z',
});

const HAN = {
  code: 'HAN',
  name: { vi: 'Sân bay quốc tế Nội Bài', en: 'Noi Bai International Airport', ja: 'ノイバイ国際空港' },
};
const HUN = {
  code: 'HUN',
  name: { vi: 'Cửa khẩu Hữu Nghị', en: 'Huu Nghi Border Gate', ja: 'フーギー国境ゲート' },
};
/** One post's download. */
const atHan: ReportSection[] = [{ post: HAN, report }];

describe('report downloads for people', () => {
  it('a CSV asked in Vietnamese has Vietnamese sections, headers, statuses and country names', () => {
    const csv = reportCsv(atHan, 'vi');
    const han = 'HAN,Sân bay quốc tế Nội Bài';
    expect(
      csv.startsWith(
        `\uFEFF# Tổng quan\r\nMã cửa khẩu,Cửa khẩu,Chỉ số,Giá trị\r\n${han},Loại báo cáo,Theo ngày\r\n`,
      ),
    ).toBe(true);
    expect(csv).toContain(`# Mức nguy cơ\r\nMã cửa khẩu,Cửa khẩu,Mức nguy cơ,Số lượng\r\n${han},Thấp,1\r\n`);
    expect(csv).toContain(`${han},Cách ly,1\r\n${han},Chờ khai báo,2\r\n`);
    // Countries by name, their code in a column of its own.
    expect(csv).toContain(
      `Cửa khẩu,Quốc gia,Mã quốc gia,Số lượng\r\n${han},Nhật Bản,JP,2\r\n${han},Việt Nam,VN,1\r\n`,
    );
    expect(csv).not.toMatch(/riskLevel|Summary|metric/);
  });

  it('a roll-up names its rows "all posts", then each post its own, in the language', () => {
    const hun = reportSchema.parse({ ...report, arrivals: 1 });
    const sections: ReportSection[] = [
      { post: null, report: reportSchema.parse({ ...report, arrivals: 4 }) },
      { post: HAN, report },
      { post: HUN, report: hun },
    ];
    const csv = reportCsv(sections, 'en');
    expect(csv).toContain(
      'Post code,Post,Figure,Value\r\n,All posts,Report,Daily\r\n,All posts,From,2026-02-01\r\n',
    );
    expect(csv).toContain(',All posts,Arrivals,4\r\n');
    expect(csv).toContain('HAN,Noi Bai International Airport,Arrivals,3\r\n');
    expect(csv).toContain('HUN,Huu Nghi Border Gate,Arrivals,1\r\n');
    // For a script: the post's code, '*' for the roll-up.
    const machine = reportCsv(sections);
    expect(machine).toContain('post,riskLevel,count\r\n*,low,1\r\n');
    expect(machine).toContain('HUN,arrivals,1\r\n');
  });

  it('a workbook asked in Japanese names its sheets, headers and post in Japanese', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Uint8Array.from(await reportXlsx(atHan, 'ja')).buffer);
    expect(book.worksheets.map((s) => s.name)).toEqual([
      '概要',
      'リスク区分',
      '状態',
      '国籍',
      '隔離',
      '日別',
    ]);
    const han = ['HAN', 'ノイバイ国際空港'];
    expect(book.getWorksheet('国籍')?.getRow(1).values).toEqual([
      undefined,
      '検疫所コード',
      '検疫所',
      '国',
      '国コード',
      '件数',
    ]);
    expect(book.getWorksheet('国籍')?.getRow(2).values).toEqual([undefined, ...han, '日本', 'JP', 2]);
    expect(book.getWorksheet('隔離')?.getRow(2).values).toEqual([undefined, ...han, '隔離開始', 1]);
  });

  it('asked in no language (a script), the machine keys stay, the post by its code', () => {
    const csv = reportCsv(atHan);
    expect(csv.startsWith(`\uFEFF# Summary\r\n${REPORT_CSV_FIRST_HEADER.join(',')}\r\n`)).toBe(true);
    expect(csv).toContain('post,riskLevel,count\r\nHAN,low,1\r\n');
  });
});
