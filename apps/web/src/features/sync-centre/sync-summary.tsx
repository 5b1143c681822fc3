/**
 * The sync statistics (the spec's four), last sync time or never, the pull progress bar and
 * the force-sync button (shown when online with pending items; its error is shown, not swallowed).
 */
import type { SyncStats } from '@bh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { syncStatusKey, syncStatusOf } from '../../components/status/sync-status.ts';
import { SyncStatusIcon } from '../../components/status/sync-status-icon.tsx';
import { AlertLine } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { formatDateTime } from '../../i18n/format.ts';
import { useSyncState } from '../../sync/use-sync-state.ts';
import { actionErrorText } from './labels.ts';

const STAT_KEYS = ['pendingSync', 'failedItems', 'unresolvedConflicts', 'totalTravelers'] as const;

export function SyncSummary({ stats }: { stats: SyncStats }) {
  const { t } = useTranslation();
  const sync = useSyncState();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const force = async () => {
    setBusy(true);
    setError(null);
    try {
      await sync.forceSync();
    } catch (err) {
      setError(actionErrorText(t, err));
    } finally {
      setBusy(false);
    }
  };
  const view = syncStatusOf(sync);
  return (
    <div className="flex flex-col gap-3">
      <p
        className="flex items-center gap-2 font-semibold"
        role="status"
        data-testid="sync-centre-status"
        data-kind={view.kind}
      >
        <Badge variant={view.variant} className="gap-1">
          <SyncStatusIcon kind={view.kind} />
          {t(syncStatusKey(view.kind), { count: view.count })}
        </Badge>
      </p>
      <dl className="grid grid-cols-2 md:grid-cols-4 gap-2">
        {STAT_KEYS.map((key) => (
          <div key={key} className="rounded-box bg-base-200 p-3">
            <dt className="text-xs opacity-80">{t(`sync.stats.${key}`)}</dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid={`stat-${key}`}>
              {stats[key]}
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span>
          {t('sync.lastSync')}:{' '}
          <strong data-testid="last-sync">
            {sync.lastSyncTime ? formatDateTime(sync.lastSyncTime) : t('sync.never')}
          </strong>
        </span>
        {sync.status === 'error' && sync.lastError && (
          <span className="text-error">{t(sync.lastError, { defaultValue: sync.lastError })}</span>
        )}
        {sync.isOnline && sync.pendingCount > 0 && (
          <button
            type="button"
            className="btn btn-sm btn-primary ms-auto"
            disabled={busy || sync.status === 'syncing'}
            onClick={() => void force()}
            data-testid="sync-centre-force"
          >
            {sync.status === 'syncing' || busy ? t('sync.syncing') : t('sync.forceSync')}
          </button>
        )}
      </div>
      {sync.pullProgress !== null && (
        <label className="flex flex-col gap-1 text-sm">
          <span>
            {t('sync.pullProgress')} ({Math.round(sync.pullProgress * 100)}%)
          </span>
          <progress className="progress progress-primary w-full" value={sync.pullProgress} max={1} />
        </label>
      )}
      <AlertLine message={error} />
    </div>
  );
}
