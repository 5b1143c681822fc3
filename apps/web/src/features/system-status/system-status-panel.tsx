/**
 * Sidebar block: system status, mode, quarantine length and the offline lock (admins can change them), today's entries, pending files,
 * quarantine and pending cases, active users, uptime and when the figures were last updated.
 */
import {
  DEFAULT_LOCALE,
  DEFAULT_OFFLINE_LOCK_DAYS,
  DEFAULT_QUARANTINE_DAYS,
  isLocale,
  isSystemMode,
} from '@bh/shared';
import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { modeLook } from '../../components/status/mode-look.ts';
import { syncStatusKey, syncStatusOf } from '../../components/status/sync-status.ts';
import { SyncStatusIcon } from '../../components/status/sync-status-icon.tsx';
import { StatRow } from '../../components/ui/stat-row.tsx';
import { countPendingFiles } from '../../db/file-blob-stats.ts';
import { formatDuration, formatRelativeTime } from '../../i18n/format.ts';
import { useSyncState } from '../../sync/use-sync-state.ts';
import { ModeBadge } from './mode-badge.tsx';
import { useSystemStatus } from './use-system-status.ts';

// Admins only (the settings are forms, react-hook-form): loaded when shown, so the frame every
// officer loads does not carry them.
const ModeSelect = lazy(() => import('./mode-select.tsx').then((m) => ({ default: m.ModeSelect })));

const QuarantineDaysSetting = lazy(() =>
  import('./quarantine-days-setting.tsx').then((m) => ({ default: m.QuarantineDaysSetting })),
);

const OfflineLockDaysSetting = lazy(() =>
  import('./offline-lock-setting.tsx').then((m) => ({ default: m.OfflineLockDaysSetting })),
);

const figure = (n: number | undefined) => (typeof n === 'number' ? n.toLocaleString() : '—');

export function SystemStatusPanel({ isAdmin }: { isAdmin: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const status = useSystemStatus();
  const syncState = useSyncState();
  const { isOnline } = syncState;
  const pendingFiles = useLiveQuery(() => countPendingFiles(), [], 0);
  const sync = syncStatusOf(syncState);
  const look = modeLook(status.mode);
  // The line follows the mode: "operational" only in normal mode (an admin's text wins).
  const modeText = t(`statusline.modeText.${status.mode}`, { defaultValue: t('status.operational') });
  const stateText = !isOnline ? t('status.offlineLastKnown') : status.statusText || modeText;

  return (
    <section aria-labelledby="system-status-heading" className="space-y-2" data-testid="system-status-panel">
      <h2 id="system-status-heading" className="text-xs font-semibold uppercase tracking-wide opacity-70">
        {t('status.title')}
      </h2>
      <p className="text-sm" data-testid="system-status-text">
        <look.Icon aria-hidden="true" className={`inline size-4 me-2 align-[-3px] ${look.textClass}`} />
        {stateText}
      </p>
      <p className="text-sm flex items-center gap-2" data-testid="sidebar-sync-status" data-kind={sync.kind}>
        <SyncStatusIcon kind={sync.kind} className="size-4" />
        {t(syncStatusKey(sync.kind), { count: sync.count })}
      </p>
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="opacity-80">{t('status.modeLabel')}</span>
        <ModeBadge mode={status.mode} />
      </div>
      {isAdmin && (
        <Suspense fallback={null}>
          <ModeSelect
            mode={status.mode}
            version={status.version ?? 0}
            disabled={!isOnline || !status.known}
          />
        </Suspense>
      )}
      {isAdmin && isSystemMode(status.mode) && (
        <Suspense fallback={null}>
          <QuarantineDaysSetting
            mode={status.mode}
            days={status.quarantineDays ?? DEFAULT_QUARANTINE_DAYS}
            version={status.version ?? 0}
            disabled={!isOnline || !status.known}
          />
          <OfflineLockDaysSetting
            mode={status.mode}
            days={status.offlineLockDays ?? DEFAULT_OFFLINE_LOCK_DAYS}
            version={status.version ?? 0}
            disabled={!isOnline || !status.known}
          />
        </Suspense>
      )}
      <dl className="divide-y divide-base-300">
        <StatRow
          label={t('status.todayEntries')}
          value={figure(status.todayEntries)}
          testId="today-entries"
        />
        <StatRow label={t('status.pendingFiles')} value={figure(pendingFiles)} testId="pending-files" />
        <StatRow label={t('status.quarantineCases')} value={figure(status.quarantineCases)} />
        <StatRow label={t('status.pendingCases')} value={figure(status.pendingCases)} />
        <StatRow label={t('status.activeUsers')} value={figure(status.activeUsers)} />
        <StatRow
          label={t('status.uptime')}
          value={
            typeof status.systemUptimeSeconds === 'number' ? formatDuration(status.systemUptimeSeconds) : '—'
          }
        />
        <StatRow
          label={t('status.lastUpdate')}
          value={
            status.lastUpdateTime
              ? formatRelativeTime(status.lastUpdateTime, Date.now(), locale)
              : t('status.never')
          }
        />
      </dl>
    </section>
  );
}
