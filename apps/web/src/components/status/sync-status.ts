/**
 * The one sync status of the app: the top-bar badge, the sidebar and the sync centre all show
 * this, so they can never disagree. Priority (first match wins): offline, syncing, waiting
 * changes, conflicts (need the officer), failed items, up to date. Conflicts and failures rank
 * under pending and syncing because those resolve on their own; they still show their count
 * beside the headline (see `attention`).
 */

import type { SyncState } from '../../sync/use-sync-state.ts';
import type { BadgeVariant } from '../ui/badge.tsx';

export type SyncStatusKind = 'offline' | 'syncing' | 'waiting' | 'conflicts' | 'failed' | 'upToDate';

export interface SyncStatusView {
  kind: SyncStatusKind;
  /** The count the headline speaks of (0 for offline and up to date). */
  count: number;
  variant: BadgeVariant;
  /** Conflicts + failed items: things only the officer can clear, whatever the headline says. */
  attention: number;
}

const VARIANT: Record<SyncStatusKind, BadgeVariant> = {
  offline: 'warning',
  syncing: 'info',
  waiting: 'info',
  conflicts: 'error',
  failed: 'error',
  upToDate: 'success',
};

type Counts = Pick<SyncState, 'isOnline' | 'status' | 'pendingCount' | 'conflictCount' | 'failedCount'>;

/** The status of the given counts (pure: the tests drive it directly). */
export function syncStatusOf(s: Counts): SyncStatusView {
  const attention = s.conflictCount + s.failedCount;
  const view = (kind: SyncStatusKind, count: number): SyncStatusView => ({
    kind,
    count,
    variant: VARIANT[kind],
    attention,
  });
  if (!s.isOnline) return view('offline', s.pendingCount);
  if (s.status === 'syncing') return view('syncing', s.pendingCount);
  if (s.pendingCount > 0) return view('waiting', s.pendingCount);
  if (s.conflictCount > 0) return view('conflicts', s.conflictCount);
  if (s.failedCount > 0 || s.status === 'error') return view('failed', s.failedCount);
  return view('upToDate', 0);
}

/** Translation key of a status headline (`count` is its interpolation). */
export const syncStatusKey = (kind: SyncStatusKind) => `statusline.sync.${kind}`;
