import { travelerStatusLabelKey } from '@bh/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '../../components/ui/badge.tsx';

const STATUS_VARIANT: Record<string, BadgeVariant> = {
  pending: 'warning',
  declared: 'info',
  tested: 'primary',
  cleared: 'success',
  quarantine: 'error',
  rejected: 'error',
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant={STATUS_VARIANT[status] ?? 'neutral'} size="sm" data-testid="traveler-status">
      {t(travelerStatusLabelKey(status))}
    </Badge>
  );
}

const SYNC_VARIANT: Record<string, BadgeVariant> = {
  pending: 'warning',
  synced: 'success',
  conflict: 'error',
  error: 'error',
};

export function SyncBadge({ syncStatus }: { syncStatus: string }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant={SYNC_VARIANT[syncStatus] ?? 'neutral'}
      size="sm"
      className="badge-outline"
      data-testid="traveler-sync"
      data-sync={syncStatus}
    >
      {t(`travelers.sync.${syncStatus}`)}
    </Badge>
  );
}
