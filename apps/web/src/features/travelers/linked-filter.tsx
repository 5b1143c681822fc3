/**
 * Filters a link can carry to the traveller list (the dashboard's figures link here):
 * ?entryDateFrom=&entryDateTo=&status=&risk=high. They narrow the list on top of the search
 * panel and show as a banner with a way back to the whole list.
 */
import { travelerStatusLabelKey } from '@bh/shared';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { highRiskAmong } from '../../db/dashboard-repo.ts';
import { db } from '../../db/database.ts';
import type { TravelerEntry } from '../../db/traveler-index.ts';

export function useLinkedFilter(items: TravelerEntry[]) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const from = params.get('entryDateFrom') ?? '';
  const to = params.get('entryDateTo') ?? '';
  const status = params.get('status') ?? '';
  const risk = params.get('risk') === 'high';
  const active = Boolean(from || to || status || risk);
  const narrowed = active
    ? items.filter(
        (e) =>
          (!from || e.entryDate >= from) && (!to || e.entryDate <= to) && (!status || e.status === status),
      )
    : items;
  const highRisk = useLiveQuery(
    () =>
      risk
        ? highRiskAmong(
            db,
            narrowed.map((e) => e.id),
          )
        : Promise.resolve(null),
    [risk, narrowed.length, from, to, status],
  );
  const shown = risk && highRisk ? narrowed.filter((e) => highRisk.has(e.id)) : narrowed;
  const labels = [
    from || to ? t('dashboard.linked.dates', { from: from || '…', to: to || '…' }) : '',
    status ? t('dashboard.linked.status', { status: t(travelerStatusLabelKey(status)) }) : '',
    risk ? t('dashboard.linked.highRisk') : '',
  ].filter(Boolean);
  const banner = active ? (
    <div
      role="status"
      className="alert alert-info alert-soft text-sm py-2"
      data-testid="travelers-linked-filter"
    >
      <span>{t('dashboard.linked.label', { filters: labels.join(' · ') })}</span>
      <Link to="/entry-management" className="link">
        {t('dashboard.linked.clear')}
      </Link>
    </div>
  ) : null;
  return { items: shown, banner };
}
