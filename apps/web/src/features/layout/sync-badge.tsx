/** Connection and sync state in one badge, plus a force-sync button when online with pending items. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge.tsx';
import { formatRelativeTime } from '../../i18n/format.ts';
import { toLocale } from '../../i18n/index.ts';
import { useSyncState } from '../../sync/use-sync-state.ts';

export function SyncBadge() {
  const { t, i18n } = useTranslation();
  const { status, pendingCount, isOnline, forceSync, lastSyncTime } = useSyncState();
  const lastSync = lastSyncTime
    ? t('layout.sync.lastSync', {
        when: formatRelativeTime(lastSyncTime, Date.now(), toLocale(i18n.language)),
      })
    : t('layout.sync.neverSynced');
  const [busy, setBusy] = useState(false);

  let variant: 'success' | 'warning' | 'info' | 'error' = 'success';
  let text = t('layout.sync.online');
  if (!isOnline) {
    variant = 'warning';
    text = t('layout.sync.offline');
  } else if (status === 'syncing') {
    variant = 'info';
    text = t('layout.sync.syncing');
  } else if (status === 'error') {
    variant = 'error';
    text = t('layout.sync.error');
  } else if (pendingCount > 0) {
    variant = 'info';
    text = t('layout.sync.pending', { count: pendingCount });
  } else {
    text = t('layout.sync.synced');
  }

  return (
    <div className="flex items-center gap-1">
      <Badge
        variant={variant}
        size="sm"
        data-testid="sync-badge"
        data-online={String(isOnline)}
        role="status"
        title={lastSync}
      >
        {text}
      </Badge>
      <span className="sr-only">{lastSync}</span>
      <span className="hidden xl:inline text-xs opacity-70" data-testid="last-sync">
        {lastSync}
      </span>
      {isOnline && pendingCount > 0 && status !== 'syncing' && (
        <button
          type="button"
          className="btn btn-xs btn-primary"
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
