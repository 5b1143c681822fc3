import { travelerStatusLabelKey } from '@bh/shared';
import type { ComponentProps } from 'react';
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

const SYNC_VARIANT: Record<string, BadgeVariant> = {
  pending: 'warning',
  synced: 'success',
  conflict: 'error',
  error: 'error',
};

/** A small badge coloured by `variants[state]` (neutral for a state it does not know). */
function StateBadge({
  variants,
  state,
  ...rest
}: { variants: Record<string, BadgeVariant>; state: string } & Omit<
  ComponentProps<typeof Badge>,
  'variant'
>) {
  return <Badge variant={variants[state] ?? 'neutral'} size="sm" {...rest} />;
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <StateBadge variants={STATUS_VARIANT} state={status} data-testid="traveler-status">
      {t(travelerStatusLabelKey(status))}
    </StateBadge>
  );
}

export function SyncBadge({ syncStatus }: { syncStatus: string }) {
  const { t } = useTranslation();
  return (
    <StateBadge
      variants={SYNC_VARIANT}
      state={syncStatus}
      className="badge-outline"
      data-testid="traveler-sync"
      data-sync={syncStatus}
    >
      {t(`travelers.sync.${syncStatus}`)}
    </StateBadge>
  );
}

const RISK_VARIANT: Record<string, BadgeVariant> = { low: 'success', medium: 'warning', high: 'error' };

/** A declared traveller's risk level (and score when given): the list's cards and the home queue. */
export function RiskBadge({ level, score }: { level: string; score?: number }) {
  const { t } = useTranslation();
  return (
    <StateBadge variants={RISK_VARIANT} state={level} data-testid="traveler-risk" data-risk={level}>
      {t(`declaration.summary.level.${level}`)}
      {score === undefined ? '' : ` · ${t('declaration.summary.score', { score })}`}
    </StateBadge>
  );
}
