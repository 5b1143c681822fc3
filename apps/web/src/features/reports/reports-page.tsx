/**
 * /reports: pick a period, see its figures as charts and tables, download them as CSV or XLSX.
 * The period is checked with the API's own query schemas first, so a bad or reversed range
 * is explained at once (translated) without a request. Reports need the server (online).
 */
import {
  customReportQuerySchema,
  dailyReportQuerySchema,
  fieldIssueSchema,
  monthlyReportQuerySchema,
  type Report,
  type ReportKind,
  travelerStatusLabelKey,
  weeklyReportQuerySchema,
} from '@bh/shared';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { deviceToday } from '../../lib/today.ts';
import { useSyncState } from '../../sync/use-sync-state.ts';
import { DownloadButtons } from './download-buttons.tsx';
import { defaultPeriod, type Period, PeriodPicker } from './period-picker.tsx';
import { PostFilter } from './post-filter.tsx';
import { ReportTables } from './report-tables.tsx';
import { fetchReport } from './reports-api.ts';

const ReportCharts = lazy(() => import('./report-charts.tsx'));

const QUERY_SCHEMAS: Record<ReportKind, z.ZodType> = {
  daily: dailyReportQuerySchema,
  weekly: weeklyReportQuerySchema,
  monthly: monthlyReportQuerySchema,
  custom: customReportQuerySchema,
};

/** The i18n key explaining a failed report request. */
function errorKey(err: unknown): string {
  if (!(err instanceof ApiError)) return 'errors.unknown_error';
  if (err.isNetwork) return 'errors.network_error';
  const issues = fieldIssueSchema.array().safeParse(err.details);
  return issues.success && issues.data[0] ? issues.data[0].code : `errors.${err.code}`;
}

type State =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'ready'; report: Report }
  | { kind: 'error'; key: string };

export default function ReportsPage() {
  const { t } = useTranslation();
  const today = deviceToday();
  const { isOnline } = useSyncState();
  const [period, setPeriod] = useState<Period>(() => defaultPeriod('daily', today));
  const [state, setState] = useState<State>({ kind: 'idle' });
  // One post's report, or (empty) the whole scope's: asked with the period, downloads included.
  const [postId, setPostId] = useState('');
  const asked = useMemo<Period>(
    () => (postId ? { ...period, query: { ...period.query, postId } } : period),
    [period, postId],
  );
  const invalid = QUERY_SCHEMAS[period.kind].safeParse(period.query).error?.issues[0]?.message ?? null;

  useEffect(() => {
    if (invalid || !isOnline) return;
    let alive = true;
    setState({ kind: 'loading' });
    fetchReport(asked.kind, asked.query).then(
      (report) => alive && setState({ kind: 'ready', report }),
      (err: unknown) => alive && setState({ kind: 'error', key: errorKey(err) }),
    );
    return () => {
      alive = false;
    };
  }, [asked, invalid, isOnline]);

  const statusLabel = (status: string) => t(travelerStatusLabelKey(status));
  const report = state.kind === 'ready' ? state.report : null;
  const message = invalid ?? (state.kind === 'error' ? state.key : null);

  return (
    <div className="flex flex-col gap-4 max-w-6xl mx-auto" data-testid="reports">
      <PageHeader title={t('reports.title')} subtitle={t('reports.subtitle')}>
        <DownloadButtons period={asked} disabled={!isOnline || invalid !== null} />
      </PageHeader>
      <PostFilter value={postId} onChange={setPostId} />
      <PeriodPicker period={period} today={today} onChange={setPeriod} />
      {!isOnline && (
        <Alert tone="warning" data-testid="reports-offline">
          {t('reports.offline')}
        </Alert>
      )}
      {message && (
        <Alert tone="error" data-testid="reports-error">
          {t(message)}
        </Alert>
      )}
      {state.kind === 'loading' && <Spinner />}
      {report && !invalid && (
        <>
          <section aria-label={t('reports.summary')} className="grid grid-cols-2 md:grid-cols-4 gap-3">
            {(
              [
                ['arrivals', report.arrivals],
                ['declarations', report.declarations],
                ['highRisk', report.byRiskLevel.high],
                ['quarantineActive', report.quarantine.active],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className="card bg-base-100 shadow-sm p-3">
                <span className="text-xs opacity-80">{t(`reports.figure.${key}`)}</span>
                <span className="text-2xl font-bold tabular-nums" data-testid={`report-${key}`}>
                  {value}
                </span>
              </div>
            ))}
          </section>
          <Suspense fallback={<Spinner />}>
            <ReportCharts report={report} statusLabel={statusLabel} />
          </Suspense>
          <details className="card bg-base-100 shadow-sm p-4 min-w-0" open>
            <summary className="font-semibold cursor-pointer min-h-11 flex items-center">
              {t('reports.tablesTitle')}
            </summary>
            <ReportTables report={report} statusLabel={statusLabel} />
          </details>
        </>
      )}
    </div>
  );
}
