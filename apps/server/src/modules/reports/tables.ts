/**
 * A report as named tables (the CSV's sections, the workbook's sheets): one place decides what
 * a download holds, so CSV and XLSX carry the same figures as the JSON answer. Asked in a
 * language (Accept-Language), the tables speak it: sheet names, headers, figure and status
 * names, countries by name (their codes in a column of their own). Asked in none, they keep the
 * machine keys (riskLevel, count, "Summary") that scripts read.
 *
 * The post is a column of every table (docs/decisions/014-points-of-entry.md): a download holds
 * one post's figures, or a roll-up of several posts followed by each post's own figures (each in
 * its post's time zone), so a spreadsheet can compare or filter them by post. Read by a person,
 * the post is its code and its name in their language; for a script, its code ('*' for the
 * roll-up).
 */
import {
  CSV_BOM,
  type Locale,
  type LocalizedText,
  type Post,
  postName,
  REPORT_TEXTS,
  type Report,
  RISK_LEVELS,
  TRAVELER_STATUS_OPTIONS,
} from '@bh/shared';
import ExcelJS from 'exceljs';
import { toCsvLine } from '../travelers/csv.ts';

interface ReportTable {
  name: string;
  header: string[];
  rows: (string | number)[][];
}

/** The header of the CSV's first section (the summary), in the machine keys. */
export const REPORT_CSV_FIRST_HEADER = ['post', 'metric', 'value'];

/** One post's figures in a download, or (post null) the roll-up of every post the download counts. */
export interface ReportSection {
  post: Pick<Post, 'code' | 'name'> | null;
  report: Report;
}

/** The post column of the roll-up's rows, for scripts. */
const ALL_POSTS = '*';

const QUARANTINE_FIGURES = ['started', 'active', 'released', 'referred', 'overdue'] as const;
const INTL_TAG: Record<Locale, string> = { vi: 'vi-VN', en: 'en-GB', ja: 'ja-JP' };

function machineTables(r: Report): ReportTable[] {
  const q = r.quarantine;
  return [
    {
      name: 'Summary',
      header: ['metric', 'value'],
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
    { name: 'Quarantine', header: [...QUARANTINE_FIGURES], rows: [QUARANTINE_FIGURES.map((k) => q[k])] },
    {
      name: 'Days',
      header: ['date', 'arrivals', 'declarations', 'highRisk'],
      rows: r.series.map((d) => [d.date, d.arrivals, d.declarations, d.highRisk]),
    },
  ];
}

function readableTables(r: Report, locale: Locale): ReportTable[] {
  const say = (t: LocalizedText) => t[locale];
  const { sheet, column, figure, kind, risk } = REPORT_TEXTS;
  const regions = new Intl.DisplayNames([INTL_TAG[locale]], { type: 'region', fallback: 'code' });
  const country = (code: string) => (/^[A-Z]{2}$/.test(code) ? (regions.of(code) ?? code) : code);
  const status = (s: string) => {
    const option = TRAVELER_STATUS_OPTIONS.find((o) => o.value === s);
    return option ? say(option.label) : s;
  };
  const q = r.quarantine;
  return [
    {
      name: say(sheet.summary),
      header: [say(column.metric), say(column.value)],
      rows: [
        [say(figure.period), say(kind[r.period.kind])],
        [say(figure.from), r.period.from],
        [say(figure.to), r.period.to],
        [say(figure.timeZone), r.period.timeZone],
        [say(figure.arrivals), r.arrivals],
        [say(figure.declarations), r.declarations],
        [say(figure.generatedAt), r.generatedAt],
      ],
    },
    {
      name: say(sheet.riskLevels),
      header: [say(column.riskLevel), say(column.count)],
      rows: RISK_LEVELS.map((level) => [say(risk[level]), r.byRiskLevel[level]]),
    },
    {
      name: say(sheet.statuses),
      header: [say(column.status), say(column.count)],
      rows: r.byStatus.map((s) => [status(s.status), s.count]),
    },
    {
      name: say(sheet.nationalities),
      header: [say(column.country), say(column.code), say(column.count)],
      rows: r.byNationality.map((n) => [country(n.nationality), n.nationality, n.count]),
    },
    {
      name: say(sheet.quarantine),
      header: [say(column.metric), say(column.count)],
      rows: QUARANTINE_FIGURES.map((k) => [say(figure[k]), q[k]]),
    },
    {
      name: say(sheet.days),
      header: [say(column.date), say(figure.arrivals), say(figure.declarations), say(figure.highRisk)],
      rows: r.series.map((d) => [d.date, d.arrivals, d.declarations, d.highRisk]),
    },
  ];
}

/** The post's leading cells of a row, and their header. */
function postColumns(locale: Locale | undefined) {
  if (!locale) {
    return { header: ['post'], cells: (post: ReportSection['post']) => [post?.code ?? ALL_POSTS] };
  }
  const { column, allPosts } = REPORT_TEXTS;
  return {
    header: [column.postCode[locale], column.post[locale]],
    cells: (post: ReportSection['post']) =>
      post ? [post.code, postName(post, locale)] : ['', allPosts[locale]],
  };
}

/** The sections' tables, each section's rows after the previous one's, the post leading each row. */
function reportTables(sections: readonly ReportSection[], locale?: Locale): ReportTable[] {
  const tablesOf = (r: Report) => (locale ? readableTables(r, locale) : machineTables(r));
  const each = sections.map(({ post, report }) => ({ post, tables: tablesOf(report) }));
  const columns = postColumns(locale);
  return (each[0]?.tables ?? []).map((table, i) => ({
    name: table.name,
    header: [...columns.header, ...table.header],
    rows: each.flatMap(({ post, tables }) =>
      (tables[i]?.rows ?? []).map((row) => [...columns.cells(post), ...row]),
    ),
  }));
}

/** UTF-8 CSV with a BOM: each table is a section (its name, header, rows) followed by a blank line. */
export function reportCsv(sections: readonly ReportSection[], locale?: Locale): string {
  let out = CSV_BOM;
  for (const table of reportTables(sections, locale)) {
    out += toCsvLine([`# ${table.name}`]) + toCsvLine(table.header);
    for (const row of table.rows) out += toCsvLine(row);
    out += '\r\n';
  }
  return out;
}

/** An .xlsx workbook with one sheet per table; values are plain cells, never formulas. */
export async function reportXlsx(sections: readonly ReportSection[], locale?: Locale): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const generatedAt = sections[0]?.report.generatedAt;
  if (generatedAt) book.created = new Date(generatedAt);
  for (const table of reportTables(sections, locale)) {
    const sheet = book.addWorksheet(table.name);
    sheet.addRow(table.header).font = { bold: true };
    for (const row of table.rows) sheet.addRow(row);
    sheet.columns.forEach((c) => {
      c.width = 20;
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
