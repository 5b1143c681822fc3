import { useTranslation } from 'react-i18next';
import type { TravelerStats } from '../../db/travelers-repo.ts';

const KEYS = ['total', 'pending', 'declared', 'tested', 'cleared'] as const;
const TONE: Record<(typeof KEYS)[number], string> = {
  total: 'text-base-content',
  pending: 'text-warning',
  declared: 'text-info',
  tested: 'text-primary',
  cleared: 'text-success',
};

/** The five statistics of the spec, over every live traveller on the device. */
export function StatsBar({ stats }: { stats: TravelerStats }) {
  const { t, i18n } = useTranslation();
  const fmt = new Intl.NumberFormat(i18n.language);
  return (
    <section aria-label={t('travelers.stats.label')} className="grid grid-cols-2 sm:grid-cols-5 gap-2">
      {KEYS.map((key) => (
        <div
          key={key}
          className={`card bg-base-100 shadow-sm p-3 ${key === 'total' ? 'col-span-2 sm:col-span-1' : ''}`}
        >
          <div className="text-xs opacity-80">{t(`travelers.stats.${key}`)}</div>
          <div className={`text-2xl font-bold tabular-nums ${TONE[key]}`} data-testid={`stat-${key}`}>
            {fmt.format(stats[key])}
          </div>
        </div>
      ))}
    </section>
  );
}
