import { type Report, reportSchema } from '@bh/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { REPORT_CSV_FIRST_HEADER, reportCsv, reportXlsx } from './tables.ts';

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

describe('report downloads for people', () => {
  it('a CSV asked in Vietnamese has Vietnamese sections, headers, statuses and country names', () => {
    const csv = reportCsv(report, 'vi');
    expect(csv.startsWith('\uFEFF# Tổng quan\r\nChỉ số,Giá trị\r\nLoại báo cáo,Theo ngày\r\n')).toBe(true);
    expect(csv).toContain('# Mức nguy cơ\r\nMức nguy cơ,Số lượng\r\nThấp,1\r\n');
    expect(csv).toContain('Cách ly,1\r\nChờ khai báo,2\r\n');
    // Countries by name, their code in a column of its own.
    expect(csv).toContain('Quốc gia,Mã quốc gia,Số lượng\r\nNhật Bản,JP,2\r\nViệt Nam,VN,1\r\n');
    expect(csv).not.toMatch(/riskLevel|Summary|metric/);
  });

  it('a workbook asked in Japanese names its sheets and headers in Japanese', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Uint8Array.from(await reportXlsx(report, 'ja')).buffer);
    expect(book.worksheets.map((s) => s.name)).toEqual([
      '概要',
      'リスク区分',
      '状態',
      '国籍',
      '隔離',
      '日別',
    ]);
    expect(book.getWorksheet('国籍')?.getRow(2).values).toEqual([undefined, '日本', 'JP', 2]);
    expect(book.getWorksheet('隔離')?.getRow(2).values).toEqual([undefined, '隔離開始', 1]);
  });

  it('asked in no language (a script), the machine keys stay', () => {
    const csv = reportCsv(report);
    expect(csv.startsWith(`\uFEFF# Summary\r\n${REPORT_CSV_FIRST_HEADER.join(',')}\r\n`)).toBe(true);
    expect(csv).toContain('riskLevel,count\r\nlow,1\r\n');
  });
});
