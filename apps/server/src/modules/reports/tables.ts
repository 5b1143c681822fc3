/**
 * A report as named tables (the CSV's sections, the workbook's sheets): one place decides what
 * a download holds, so CSV and XLSX carry the same figures as the JSON answer.
 */
import { CSV_BOM, type Report, RISK_LEVELS } from '@bh/shared';
import ExcelJS from 'exceljs';
import { toCsvLine } from '../travelers/csv.ts';

interface ReportTable {
  name: string;
  header: string[];
  rows: (string | number)[][];
}

/** The header of the CSV's first section (the summary). */
export const REPORT_CSV_FIRST_HEADER = ['metric', 'value'];

function reportTables(r: Report): ReportTable[] {
  const q = r.quarantine;
  return [
    {
      name: 'Summary',
      header: REPORT_CSV_FIRST_HEADER,
      rows: [
        ['period', r.period.kind],
        ['from', r.period.from],
        ['to', r.period.to],
        ['timeZone', r.period.timeZone],
        ['arrivals', r.arrivals],
        ['declarations', r.declarations],
        ['generatedAt', r.generatedAt],
      ],
    },
    {
      name: 'Risk levels',
      header: ['riskLevel', 'count'],
      rows: RISK_LEVELS.map((level) => [level, r.byRiskLevel[level]]),
    },
    { name: 'Statuses', header: ['status', 'count'], rows: r.byStatus.map((s) => [s.status, s.count]) },
    {
      name: 'Nationalities',
      header: ['nationality', 'count'],
      rows: r.byNationality.map((n) => [n.nationality, n.count]),
    },
    {
      name: 'Quarantine',
      header: ['started', 'active', 'released', 'referred', 'overdue'],
      rows: [[q.started, q.active, q.released, q.referred, q.overdue]],
    },
    {
      name: 'Days',
      header: ['date', 'arrivals', 'declarations', 'highRisk'],
      rows: r.series.map((d) => [d.date, d.arrivals, d.declarations, d.highRisk]),
    },
  ];
}

/** UTF-8 CSV with a BOM: each table is a section (its name, header, rows) followed by a blank line. */
export function reportCsv(r: Report): string {
  let out = CSV_BOM;
  for (const table of reportTables(r)) {
    out += toCsvLine([`# ${table.name}`]) + toCsvLine(table.header);
    for (const row of table.rows) out += toCsvLine(row);
    out += '\r\n';
  }
  return out;
}

/** An .xlsx workbook with one sheet per table; values are plain cells, never formulas. */
export async function reportXlsx(r: Report): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.created = new Date(r.generatedAt);
  for (const table of reportTables(r)) {
    const sheet = book.addWorksheet(table.name);
    sheet.addRow(table.header).font = { bold: true };
    for (const row of table.rows) sheet.addRow(row);
    sheet.columns.forEach((c) => {
      c.width = 16;
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
