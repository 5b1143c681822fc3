/**
 * The sync centre of /pwa-settings (issue 5, point 7): statistics and force sync, conflicts to
 * resolve, failed items to retry or discard, and the outbox still waiting to be sent; first,
 * whether the device holds everything it needs offline.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ConflictView } from './conflict-view.tsx';
import { FailedItems } from './failed-items.tsx';
import { OfflineReadiness } from './offline-readiness.tsx';
import { PendingItems } from './pending-items.tsx';
import { SyncSummary } from './sync-summary.tsx';
import { useNow, useSyncCentreData } from './use-sync-centre.ts';

function Block({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="font-semibold flex items-center gap-2">
        {title}
        <Badge variant={count > 0 ? 'primary' : 'ghost'} size="sm">
          {count}
        </Badge>
      </h3>
      {children}
    </section>
  );
}

export function SyncCentre() {
  const { t } = useTranslation();
  const { pending, failed, conflicts, stats } = useSyncCentreData();
  const now = useNow();
  return (
    <section
      id="sync-centre"
      className="card bg-base-100 shadow-sm scroll-mt-16"
      aria-labelledby="sync-centre-title"
      data-testid="sync-centre"
    >
      <div className="card-body p-4 sm:p-6 gap-5">
        <div>
          <h2 id="sync-centre-title" className="card-title">
            {t('sync.centre.title')}
          </h2>
          <p className="text-sm opacity-80">{t('sync.centre.description')}</p>
        </div>
        <OfflineReadiness />
        <SyncSummary stats={stats} />
        <Block id="sync-conflicts" title={t('sync.conflicts.title')} count={stats.unresolvedConflicts}>
          {conflicts.length === 0 ? (
            <EmptyState>{t('sync.conflicts.empty')}</EmptyState>
          ) : (
            <div className="flex flex-col gap-3">
              {conflicts.map((c) => (
                <ConflictView key={c.id} conflict={c} />
              ))}
            </div>
          )}
        </Block>
        <Block id="sync-failed" title={t('sync.failed.title')} count={stats.failedItems}>
          <FailedItems items={failed} />
        </Block>
        <Block id="sync-pending" title={t('sync.pending.title')} count={stats.pendingSync}>
          <PendingItems items={pending} total={stats.pendingSync} now={now} />
        </Block>
      </div>
    </section>
  );
}
