/** The report as tables: the accessible form of every chart (and what a screen reader reads). */
import type { Report } from '@bh/shared';
import { useTranslation } from 'react-i18next';
import { countryLabel } from '../../i18n/countries.ts';
import { formatDate } from '../../i18n/format.ts';

function Table({
  caption,
  head,
  rows,
  testId,
}: {
  caption: string;
  head: string[];
  rows: string[][];
  testId: string;
}) {
  return (
    <div className="overflow-x-auto min-w-0">
      <table
        className="table table-sm w-full [&_td]:whitespace-normal [&_th]:whitespace-normal"
        data-testid={testId}
      >
        <caption className="text-left font-semibold">{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, j) =>
                j === 0 ? (
                  <th key={head[j]} scope="row" className="break-words">
                    {cell}
                  </th>
                ) : (
                  <td key={head[j]} className="tabular-nums">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ReportTables({
  report,
  statusLabel,
}: {
  report: Report;
  statusLabel: (s: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const n = new Intl.NumberFormat(i18n.language);
  const count = t('reports.table.count');
  const q = report.quarantine;
  return (
    <div className="grid gap-4 md:grid-cols-2 min-w-0 [&>*]:min-w-0" data-testid="report-tables">
      <Table
        caption={t('reports.chart.risk')}
        head={[t('reports.table.riskLevel'), count]}
        rows={(['low', 'medium', 'high'] as const).map((level) => [
          t(`reports.risk.${level}`),
          n.format(report.byRiskLevel[level]),
        ])}
        testId="table-risk"
      />
      <Table
        caption={t('reports.chart.status')}
        head={[t('reports.table.status'), count]}
        rows={report.byStatus.map((s) => [statusLabel(s.status), n.format(s.count)])}
        testId="table-status"
      />
      <Table
        caption={t('reports.table.nationalities')}
        head={[t('reports.table.nationality'), count]}
        rows={report.byNationality.map((x) => [
          countryLabel(x.nationality, i18n.language),
          n.format(x.count),
        ])}
        testId="table-nationality"
      />
      <Table
        caption={t('reports.table.quarantine')}
        head={[t('reports.table.figure'), count]}
        rows={(['started', 'active', 'released', 'referred', 'overdue'] as const).map((k) => [
          t(`reports.quarantine.${k}`),
          n.format(q[k]),
        ])}
        testId="table-quarantine"
      />
      <div className="md:col-span-2 min-w-0">
        <Table
          caption={t('reports.chart.series')}
          head={[
            t('reports.table.date'),
            t('reports.figure.arrivals'),
            t('reports.figure.declarations'),
            t('reports.figure.highRisk'),
          ]}
          rows={report.series.map((d) => [
            formatDate(d.date),
            n.format(d.arrivals),
            n.format(d.declarations),
            n.format(d.highRisk),
          ])}
          testId="table-series"
        />
      </div>
    </div>
  );
}
