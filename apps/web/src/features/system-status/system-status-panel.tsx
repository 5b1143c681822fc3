/**
 * Sidebar block: system status, mode (admins can change it), today's entries, pending files,
 * quarantine and pending cases, active users, uptime and when the figures were last updated.
 */
import { DEFAULT_LOCALE, isLocale } from '@bh/shared';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { StatRow } from '../../components/ui/stat-row.tsx';
import { countPendingFiles } from '../../db/file-blob-stats.ts';
import { formatDuration, formatRelativeTime } from '../../i18n/format.ts';
import { useSyncState } from '../../sync/use-sync-state.ts';
import { ModeBadge } from './mode-badge.tsx';
import { ModeSelect } from './mode-select.tsx';
import { useSystemStatus } from './use-system-status.ts';

const figure = (n: number | undefined) => (typeof n === 'number' ? n.toLocaleString() : '—');

export function SystemStatusPanel({ isAdmin }: { isAdmin: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const status = useSystemStatus();
  const { isOnline } = useSyncState();
  const pendingFiles = useLiveQuery(() => countPendingFiles(), [], 0);
  const stateText = !isOnline ? t('status.offlineLastKnown') : status.statusText || t('status.operational');

  return (
    <section aria-labelledby="system-status-heading" className="space-y-2" data-testid="system-status-panel">
      <h2 id="system-status-heading" className="text-xs font-semibold uppercase tracking-wide opacity-70">
        {t('status.title')}
      </h2>
      <p className="text-sm" data-testid="system-status-text">
        <span
          className={`status ${isOnline ? 'status-success' : 'status-warning'} mr-2`}
          aria-hidden="true"
        />
        {stateText}
      </p>
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="opacity-80">{t('status.modeLabel')}</span>
        <ModeBadge mode={status.mode} />
      </div>
      {isAdmin && (
        <ModeSelect mode={status.mode} version={status.version ?? 0} disabled={!isOnline || !status.known} />
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
