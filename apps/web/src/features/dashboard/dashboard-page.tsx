/**
 * /dashboard, the home screen after login: the officer's work queue for today (who waits for a
 * declaration, high-risk declarations to decide, check-ins due), quick actions to scan and to
 * add, the system mode (the top bar shows it only on wide screens), today's figures (each a
 * link to the matching traveller list) and the sync state. Everything comes from the device's
 * own data (works offline, then labelled "as of last sync").
 */
import { ScanLine, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { DashboardFigures } from '../../db/dashboard-repo.ts';
import { formatDate, formatRelativeTime } from '../../i18n/format.ts';
import { toLocale } from '../../i18n/index.ts';
import { useSyncState } from '../../sync/use-sync-state.ts';
import { OfflineReadiness, useOfflineReadiness } from '../sync-centre/offline-readiness.tsx';
import { ModeBadge } from '../system-status/mode-badge.tsx';
import { useSystemStatus } from '../system-status/use-system-status.ts';
import { TravelerDetailsModal } from '../travelers/traveler-details-modal.tsx';
import { useTraveler } from '../travelers/use-travelers.ts';
import { useDashboard } from './use-dashboard.ts';
import { useWorkQueue } from './use-work-queue.ts';
import { WorkQueueList } from './work-queue-list.tsx';

function Details({ id, onClose }: { id: string; onClose: () => void }) {
  return <TravelerDetailsModal traveler={useTraveler(id)} onClose={onClose} />;
}

type FigureKey = keyof DashboardFigures;
const FIGURES: readonly FigureKey[] = [
  'arrivalsToday',
  'pendingDeclarations',
  'highRiskToday',
  'quarantineActive',
  'overdueCheckIns',
];

const listOf = (query: Record<string, string>) =>
  `/entry-management?${new URLSearchParams(query).toString()}`;

function figureLinks(today: string): Record<FigureKey, string> {
  const todayOnly = { entryDateFrom: today, entryDateTo: today };
  return {
    arrivalsToday: listOf(todayOnly),
    pendingDeclarations: listOf({ status: 'pending' }),
    highRiskToday: listOf({ ...todayOnly, risk: 'high' }),
    quarantineActive: listOf({ status: 'quarantine' }),
    overdueCheckIns: '/needs-attention',
  };
}

const TONE: Record<FigureKey, string> = {
  arrivalsToday: 'text-primary',
  pendingDeclarations: 'text-warning',
  highRiskToday: 'text-error',
  quarantineActive: 'text-info',
  overdueCheckIns: 'text-error',
};

export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { today, figures } = useDashboard();
  const queue = useWorkQueue();
  const { mode } = useSystemStatus();
  const [open, setOpen] = useState<string | null>(null);
  const sync = useSyncState();
  const offline = useOfflineReadiness();
  // Preparing when the home opened: say so until ready, then that it is (the first sign-in).
  const [sawPreparing, setSawPreparing] = useState(false);
  useEffect(() => {
    if (!offline.ready) setSawPreparing(true);
  }, [offline.ready]);
  const fmt = new Intl.NumberFormat(i18n.language);
  const links = figureLinks(today);
  const lastSync = sync.lastSyncTime
    ? formatRelativeTime(sync.lastSyncTime, Date.now(), toLocale(i18n.language))
    : t('dashboard.never');

  return (
    <div className="flex flex-col gap-4 max-w-5xl mx-auto" data-testid="dashboard">
      <PageHeader
        title={t('dashboard.title')}
        subtitle={t('dashboard.subtitle', {
          date: formatDate(today),
        })}
      >
        <div className="flex flex-wrap items-center gap-2">
          <span className="lg:hidden" data-testid="dashboard-mode">
            <ModeBadge mode={mode} />
          </span>
          <Link to="/intake/scan" className="btn btn-primary min-h-11" data-testid="dashboard-scan">
            <ScanLine aria-hidden="true" className="size-5" />
            {t('dashboard.actions.scan')}
          </Link>
          <Link to="/entry-management?add=1" className="btn min-h-11" data-testid="dashboard-add">
            <UserPlus aria-hidden="true" className="size-5" />
            {t('dashboard.actions.add')}
          </Link>
        </div>
      </PageHeader>
      {!sync.isOnline && (
        <Alert tone="warning" data-testid="dashboard-offline">
          {t('dashboard.asOfLastSync', { when: lastSync })}
        </Alert>
      )}
      {(!offline.ready || sawPreparing) && <OfflineReadiness compact />}
      {queue === undefined ? <Spinner /> : <WorkQueueList queue={queue} onOpen={setOpen} />}
      {figures === undefined ? (
        <Spinner />
      ) : (
        <section aria-label={t('dashboard.figures')} className="grid grid-cols-2 lg:grid-cols-5 gap-3">
          {FIGURES.map((key) => (
            <Link
              key={key}
              to={links[key]}
              className="card bg-base-100 shadow-sm p-3 hover:shadow-md focus-visible:outline-2"
              data-testid={`dashboard-${key}`}
            >
              <span className="text-sm opacity-80">{t(`dashboard.figure.${key}`)}</span>
              <span className={`text-2xl font-bold tabular-nums ${TONE[key]}`}>
                {fmt.format(figures[key] ?? 0)}
              </span>
            </Link>
          ))}
        </section>
      )}
      <section
        className="card bg-base-100 shadow-sm p-4 flex flex-row flex-wrap items-center gap-3"
        aria-labelledby="dashboard-sync"
      >
        <h2 id="dashboard-sync" className="font-semibold">
          {t('dashboard.sync.title')}
        </h2>
        <span data-testid="dashboard-sync-state">
          {sync.isOnline ? t('dashboard.sync.online') : t('dashboard.sync.offline')} ·{' '}
          {t('dashboard.sync.pending', { count: sync.pendingCount })} ·{' '}
          {t('dashboard.sync.last', { when: lastSync })}
        </span>
        {offline.ready && (
          <span className="badge badge-success badge-soft" data-testid="dashboard-offline-ready">
            {t('dashboard.sync.offlineReady')}
          </span>
        )}
        {sync.failedCount + sync.conflictCount > 0 && (
          <span className="badge badge-error badge-soft">
            {t('dashboard.sync.problems', { count: sync.failedCount + sync.conflictCount })}
          </span>
        )}
        <button
          type="button"
          className="btn min-h-11 ml-auto"
          onClick={() => void sync.forceSync()}
          disabled={!sync.isOnline || sync.status === 'syncing'}
        >
          {t('dashboard.sync.now')}
        </button>
        <Link to="/reports" className="btn btn-outline min-h-11">
          {t('dashboard.openReports')}
        </Link>
      </section>
      {open && <Details id={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
