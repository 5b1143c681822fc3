/**
 * The app-management panel (top of the settings page): connection, sync status,
 * install and update, force sync and download of offline data, push notifications, stored-data
 * persistence and usage, and a collapsible info box with the app status.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { syncStatusKey, syncStatusOf } from '../../components/status/sync-status.ts';
import { Alert, AlertLine } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { StatRow } from '../../components/ui/stat-row.tsx';
import { formatDateTime } from '../../i18n/format.ts';
import { actionErrorText } from '../sync-centre/labels.ts';
import { promptInstall } from './install-prompt.ts';
import { PushSection } from './push-section.tsx';
import { applyUpdate } from './register-sw.ts';
import { StorageStatus } from './storage-status.tsx';
import { useAppStatus } from './use-app-status.ts';

export function AppPanel() {
  const { t } = useTranslation();
  const { sync, install, sw, dbInitialized } = useAppStatus();
  const [busy, setBusy] = useState<'sync' | 'download' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const syncing = sync.status === 'syncing' || busy !== null;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(null), 5000);
    return () => clearTimeout(timer);
  }, [done]);

  const run = async (kind: 'sync' | 'download') => {
    setBusy(kind);
    setError(null);
    setDone(null);
    try {
      if (kind === 'download' && !navigator.onLine) throw new Error('sync.errors.downloadOffline');
      await sync.forceSync();
      setDone(t(kind === 'sync' ? 'pwa.panel.syncDone' : 'pwa.panel.downloadDone'));
    } catch (err) {
      setError(actionErrorText(t, err));
    } finally {
      setBusy(null);
    }
  };

  // The app's one sync status (the top bar, the sidebar and the sync centre say the same).
  const status = syncStatusOf(sync);
  const yesNo = (v: boolean | null) => (v === null ? '…' : v ? t('pwa.yes') : t('pwa.no'));
  const action = (kind: 'sync' | 'download', variant: string, label: string) => (
    <button
      type="button"
      className={`btn ${variant} btn-sm sm:btn-md`}
      disabled={!sync.isOnline || syncing}
      onClick={() => void run(kind)}
      data-testid={kind === 'sync' ? 'panel-force-sync' : 'panel-download'}
    >
      {busy === kind && <Spinner size="xs" />}
      {label}
    </button>
  );

  return (
    <SectionCard id="app-panel-title" title={t('pwa.panel.title')} testId="app-panel">
      <div className="grid gap-3 grid-cols-2 xl:grid-cols-4">
        <div className="rounded-box bg-base-200 p-3 flex flex-col gap-1">
          <span className="text-xs opacity-80">{t('pwa.panel.connection')}</span>
          <Badge variant={sync.isOnline ? 'success' : 'warning'} data-testid="panel-connection">
            {sync.isOnline ? t('pwa.online') : t('pwa.offline')}
          </Badge>
        </div>
        <div className="rounded-box bg-base-200 p-3 flex flex-col gap-1">
          <span className="text-xs opacity-80">{t('pwa.panel.syncStatus')}</span>
          <Badge variant={status.variant} data-testid="panel-sync-status" data-kind={status.kind}>
            {t(syncStatusKey(status.kind), { count: status.count })}
          </Badge>
          <span className="text-xs">
            {t('pwa.panel.lastSync')}:{' '}
            {sync.lastSyncTime ? formatDateTime(sync.lastSyncTime) : t('pwa.never')}
          </span>
        </div>
        <div className="rounded-box bg-base-200 p-3 flex flex-col gap-1 items-start">
          <span className="text-xs opacity-80">{t('pwa.panel.install')}</span>
          {install.iosInstructions && !install.isInstalled ? (
            <p className="text-xs" data-testid="ios-install-steps">
              {t('pwa.panel.iosInstall')}
            </p>
          ) : install.canInstall && !install.isInstalled ? (
            <button type="button" className="btn btn-sm btn-primary" onClick={() => void promptInstall()}>
              {t('pwa.panel.installButton')}
            </button>
          ) : (
            <Badge variant={install.isInstalled ? 'success' : 'ghost'}>
              {install.isInstalled ? t('pwa.panel.installed') : t('pwa.panel.notInstallable')}
            </Badge>
          )}
        </div>
        <div className="rounded-box bg-base-200 p-3 flex flex-col gap-1 items-start">
          <span className="text-xs opacity-80">{t('pwa.panel.version')}</span>
          {sw.updateAvailable ? (
            <button type="button" className="btn btn-sm btn-accent" onClick={applyUpdate}>
              {t('pwa.panel.update')}
            </button>
          ) : (
            <Badge variant="success">{t('pwa.panel.latest')}</Badge>
          )}
        </div>
      </div>

      <div className="flex flex-wrap gap-2">
        {action('sync', 'btn-primary', t('pwa.panel.forceSync'))}
        {action('download', 'btn-outline', t('pwa.panel.download'))}
      </div>
      {busy === 'download' && sync.pullProgress !== null && (
        <progress
          className="progress progress-primary w-full"
          value={sync.pullProgress}
          max={1}
          aria-label={t('pwa.panel.download')}
          data-testid="panel-download-progress"
        />
      )}
      {!sync.isOnline && <p className="text-sm opacity-80">{t('pwa.panel.offlineHint')}</p>}
      {sync.paused && (
        <Alert tone="warning" announce="alert" className="text-sm">
          {t('errors.unauthorized')}
        </Alert>
      )}
      <AlertLine message={error} />
      <AlertLine tone="success" message={done} />

      <div className="grid gap-4 md:grid-cols-2">
        <PushSection />
        <StorageStatus />
      </div>

      <details className="collapse collapse-arrow bg-base-200 rounded-box" data-testid="app-info-box">
        <summary className="collapse-title font-medium min-h-0 py-3">{t('pwa.panel.infoBox')}</summary>
        <dl className="collapse-content text-sm">
          <StatRow label={t('pwa.panel.dbInitialized')} value={yesNo(dbInitialized)} />
          <StatRow label={t('pwa.panel.swRegistered')} value={yesNo(sw.registered)} />
          <StatRow label={t('pwa.panel.installPrompt')} value={yesNo(install.canInstall)} />
          <StatRow label={t('pwa.panel.pendingCount')} value={sync.pendingCount} />
          <StatRow
            label={t('pwa.panel.lastSync')}
            value={sync.lastSyncTime ? formatDateTime(sync.lastSyncTime) : t('pwa.never')}
          />
          <StatRow label={t('pwa.panel.mode')} value={sync.isOnline ? t('pwa.online') : t('pwa.offline')} />
          {sw.error && <StatRow label={t('pwa.panel.swError')} value={sw.error} />}
        </dl>
      </details>
    </SectionCard>
  );
}
