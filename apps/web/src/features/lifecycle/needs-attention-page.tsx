/**
 * /needs-attention: travellers an officer should look at now (overdue check-ins, high risk
 * declared today, fever at the last check-in), computed on the device from local data so it
 * works offline. Opening one shows the traveller's details with the check-in form.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { StatusBadge } from '../travelers/status-badges.tsx';
import { TravelerDetailsModal } from '../travelers/traveler-details-modal.tsx';
import { useTraveler } from '../travelers/use-travelers.ts';
import { useAttentionList } from './use-lifecycle.ts';

function Details({ id, onClose }: { id: string; onClose: () => void }) {
  return <TravelerDetailsModal traveler={useTraveler(id)} onClose={onClose} />;
}

export default function NeedsAttentionPage() {
  const { t } = useTranslation();
  const items = useAttentionList();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-3">
      <header>
        <h1 className="text-2xl font-bold">{t('lifecycle.attention.title')}</h1>
        <p className="text-sm opacity-70">{t('lifecycle.attention.subtitle')}</p>
      </header>
      {items === undefined ? (
        <Spinner label={t('app.loading')} />
      ) : items.length === 0 ? (
        <EmptyState testId="attention-empty">{t('lifecycle.attention.empty')}</EmptyState>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="attention-list">
          {items.map((item) => (
            <li
              key={item.travelerId}
              className="card bg-base-100 shadow-sm p-3 flex flex-row flex-wrap items-center gap-2"
              data-testid="attention-item"
            >
              <div className="grow">
                <p className="font-semibold">{item.traveler.fullName}</p>
                <p className="text-sm font-mono opacity-70">{item.traveler.passportNo}</p>
              </div>
              <StatusBadge status={item.traveler.status} />
              {item.reasons.map((r) => (
                <Badge
                  key={r}
                  variant={r === 'highRiskToday' ? 'warning' : 'error'}
                  size="sm"
                  data-reason={r}
                >
                  {t(`lifecycle.attention.reasons.${r}`, { count: item.overdue.length })}
                </Badge>
              ))}
              <button type="button" className="btn" onClick={() => setOpen(item.travelerId)}>
                {t('lifecycle.attention.open')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {open && <Details id={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
