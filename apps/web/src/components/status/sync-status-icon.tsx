/** The icon of each sync status (decorative: the text beside it says the status). */
import {
  CircleAlert,
  CircleCheck,
  CloudOff,
  type LucideIcon,
  RefreshCw,
  TriangleAlert,
  UploadCloud,
} from 'lucide-react';
import type { SyncStatusKind } from './sync-status.ts';

const ICONS: Record<SyncStatusKind, LucideIcon> = {
  offline: CloudOff,
  syncing: RefreshCw,
  waiting: UploadCloud,
  conflicts: TriangleAlert,
  failed: CircleAlert,
  upToDate: CircleCheck,
};

export function SyncStatusIcon({
  kind,
  className = 'size-3.5',
}: {
  kind: SyncStatusKind;
  className?: string;
}) {
  const Icon = ICONS[kind];
  return (
    <Icon
      aria-hidden="true"
      className={`${className} ${kind === 'syncing' ? 'motion-safe:animate-spin' : ''}`}
    />
  );
}
