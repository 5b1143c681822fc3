/**
 * Quarantine follow-up in the details view: the schedule (one check-in a day; done, overdue,
 * today, upcoming), the check-ins with their officer, and the check-in form.
 */
import { type LocalCheckIn, type LocalTraveler, localDate, quarantineSchedule } from '@bh/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '../../components/ui/badge.tsx';
import { formatDate, formatDateTime, formatTemperature } from '../../i18n/format.ts';
import { CheckInForm } from './check-in-form.tsx';

type DayState = 'done' | 'overdue' | 'today' | 'upcoming';
const VARIANT: Record<DayState, BadgeVariant> = {
  done: 'success',
  overdue: 'error',
  today: 'info',
  upcoming: 'ghost',
};

export function QuarantinePanel({
  traveler,
  checkIns,
  fallbackStart,
  fallbackDays,
}: {
  traveler: LocalTraveler;
  checkIns: readonly LocalCheckIn[];
  /** Start and length while the server's schedule is not known yet (change made on this device). */
  fallbackStart: string;
  fallbackDays: number;
}) {
  const { t } = useTranslation();
  const start = traveler.quarantineStart ?? fallbackStart;
  const days = traveler.quarantineDays ?? fallbackDays;
  const today = localDate();
  const done = new Set(checkIns.map((c) => c.date));
  const state = (d: string): DayState => {
    if (done.has(d)) return 'done';
    if (d < today) return 'overdue';
    return d === today ? 'today' : 'upcoming';
  };

  return (
    <section className="mt-3" aria-labelledby="quarantine-title" data-testid="quarantine-panel">
      <h3 id="quarantine-title" className="font-semibold mb-1">
        {t('lifecycle.quarantine.title')}
      </h3>
      <p className="text-sm">{t('lifecycle.quarantine.schedule', { days, start: formatDate(start) })}</p>
      <ol className="flex flex-wrap gap-1 my-2" data-testid="quarantine-schedule">
        {quarantineSchedule(start, days).map((d, i) => (
          <li key={d}>
            <Badge variant={VARIANT[state(d)]} size="sm" data-state={state(d)} title={formatDate(d)}>
              {t('lifecycle.quarantine.day', { n: i + 1 })} · {t(`lifecycle.quarantine.${state(d)}`)}
            </Badge>
          </li>
        ))}
      </ol>
      <CheckInForm travelerId={traveler.id} />
      <h4 className="font-semibold mt-2">{t('lifecycle.quarantine.checkIns')}</h4>
      {checkIns.length === 0 ? (
        <p className="text-sm opacity-70">{t('lifecycle.quarantine.noCheckIns')}</p>
      ) : (
        <ul className="text-sm" data-testid="check-in-list">
          {checkIns.map((c) => (
            <li key={c.id} className="py-1 border-b border-base-200" data-testid="check-in-item">
              <time dateTime={c.checkedAt}>{formatDateTime(c.checkedAt)}</time> ·{' '}
              {formatTemperature(c.temperature)}
              {c.officerName ? ` · ${c.officerName}` : ''}
              {c.note ? ` · ${c.note}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
