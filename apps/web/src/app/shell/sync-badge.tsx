/**
 * The top-bar sync badge: the one sync status (features/status/sync-status.ts) with its icon,
 * a count of conflicts and failures when the headline is about something else, and a link to
 * the sync centre. A sync-now button shows when online with waiting changes.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { syncStatusKey, syncStatusOf } from '../../components/status/sync-status.ts';
import { SyncStatusIcon } from '../../components/status/sync-status-icon.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { formatRelativeTime } from '../../i18n/format.ts';
import { toLocale } from '../../i18n/index.ts';
import { useSyncState } from '../../sync/use-sync-state.ts';

export function SyncBadge() {
  const { t, i18n } = useTranslation();
  const sync = useSyncState();
  const { isOnline, pendingCount, forceSync, lastSyncTime } = sync;
  const view = syncStatusOf(sync);
  const lastSync = lastSyncTime
    ? t('layout.sync.lastSync', {
        when: formatRelativeTime(lastSyncTime, Date.now(), toLocale(i18n.language)),
      })
    : t('layout.sync.neverSynced');
  const [busy, setBusy] = useState(false);
  const text = t(syncStatusKey(view.kind), { count: view.count });
  const extra = view.kind !== 'conflicts' && view.kind !== 'failed' ? view.attention : 0;

  return (
    <div className="flex items-center gap-1">
      <Link
        to="/pwa-settings#sync-centre"
        className="inline-flex items-center justify-center min-h-11 min-w-11 rounded-field focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        title={lastSync}
        aria-label={`${text}${extra > 0 ? ` · ${t('statusline.sync.attention', { count: extra })}` : ''}. ${lastSync}`}
      >
        <Badge
          variant={view.variant}
          size="sm"
          className="gap-1"
          data-testid="sync-badge"
          data-kind={view.kind}
          data-online={String(isOnline)}
          role="status"
        >
          <SyncStatusIcon kind={view.kind} />
          <span data-testid="sync-badge-text" className="max-sm:sr-only">
            {text}
          </span>
        </Badge>
        {extra > 0 && (
          <Badge variant="error" size="sm" className="ms-0.5" data-testid="sync-badge-attention">
            {extra}
          </Badge>
        )}
      </Link>
      <span className="hidden xl:inline text-xs opacity-70" data-testid="last-sync">
        {lastSync}
      </span>
      {isOnline && pendingCount > 0 && sync.status !== 'syncing' && (
        <button
          type="button"
          className="btn btn-sm btn-primary hidden sm:inline-flex"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            await forceSync().catch(() => {});
            setBusy(false);
          }}
        >
          {t('layout.sync.forceSync')}
        </button>
      )}
    </div>
  );
}
