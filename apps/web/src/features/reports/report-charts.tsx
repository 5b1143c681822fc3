/**
 * The report's charts (chart.js, loaded with this module only when a report is shown, so no
 * other screen carries it). The canvases are images for sighted users; the same figures are in
 * the tables next to them (report-tables.tsx), which screen readers use.
 */
import type { Report } from '@bh/shared';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format.ts';
import { useTheme } from '../../lib/theme-store.ts';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  DoughnutController,
  ArcElement,
  Legend,
  Tooltip,
);

function ChartCanvas({
  config,
  label,
  testId,
}: {
  config: ChartConfiguration;
  label: string;
  testId: string;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  const theme = useTheme();
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    // Legends and axis labels in the theme's text colour (chart.js draws them #666, too faint on
    // the dark theme), grid lines a grey that shows on both themes; drawn again on a theme change.
    canvas.dataset.drawnFor = theme;
    Chart.defaults.color = getComputedStyle(canvas).color;
    Chart.defaults.borderColor = GRID;
    const chart = new Chart(canvas, config);
    return () => chart.destroy();
  }, [config, theme]);
  return (
    <div className="relative h-64 w-full">
      <canvas ref={ref} role="img" aria-label={label} data-testid={testId} />
    </div>
  );
}

const GRID = 'rgba(128, 128, 128, 0.3)';
const COLORS = { arrivals: '#2563eb', declarations: '#0d9488', highRisk: '#dc2626' };

export default function ReportCharts({
  report,
  statusLabel,
}: {
  report: Report;
  statusLabel: (s: string) => string;
}) {
  const { t } = useTranslation();
  const options = { responsive: true, maintainAspectRatio: false, animation: false } as const;
  // Counts are whole numbers: no 0.1 steps on the value axis.
  const wholeY = { ...options, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } };
  const series: ChartConfiguration = {
    type: 'bar',
    data: {
      labels: report.series.map((d) => formatDate(d.date)),
      datasets: (['arrivals', 'declarations', 'highRisk'] as const).map((key) => ({
        label: t(`reports.figure.${key}`),
        data: report.series.map((d) => d[key]),
        backgroundColor: COLORS[key],
      })),
    },
    options: wholeY,
  };
  const risk: ChartConfiguration = {
    type: 'doughnut',
    data: {
      labels: [t('reports.risk.low'), t('reports.risk.medium'), t('reports.risk.high')],
      datasets: [
        {
          data: [report.byRiskLevel.low, report.byRiskLevel.medium, report.byRiskLevel.high],
          backgroundColor: ['#16a34a', '#f59e0b', '#dc2626'],
        },
      ],
    },
    options,
  };
  const statuses: ChartConfiguration = {
    type: 'bar',
    data: {
      labels: report.byStatus.map((s) => statusLabel(s.status)),
      datasets: [
        {
          label: t('reports.figure.arrivals'),
          data: report.byStatus.map((s) => s.count),
          backgroundColor: '#6366f1',
        },
      ],
    },
    options: { ...options, indexAxis: 'y', scales: { x: { beginAtZero: true, ticks: { precision: 0 } } } },
  };
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="report-charts">
      <div className="lg:col-span-2">
        <h3 className="font-semibold mb-2">{t('reports.chart.series')}</h3>
        <ChartCanvas config={series} label={t('reports.chart.seriesLabel')} testId="chart-series" />
      </div>
      <div>
        <h3 className="font-semibold mb-2">{t('reports.chart.risk')}</h3>
        <ChartCanvas config={risk} label={t('reports.chart.tableNote')} testId="chart-risk" />
      </div>
      <div>
        <h3 className="font-semibold mb-2">{t('reports.chart.status')}</h3>
        <ChartCanvas config={statuses} label={t('reports.chart.tableNote')} testId="chart-status" />
      </div>
    </div>
  );
}
