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

/**
 * The five statistics of the spec, over every live traveller on the device. On a phone they are
 * one scrollable row of chips, so the list starts on the first screen.
 */
export function StatsBar({ stats, compact = false }: { stats: TravelerStats; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const fmt = new Intl.NumberFormat(i18n.language);
  if (compact) {
    return (
      <section
        aria-label={t('travelers.stats.label')}
        className="-mx-3 px-3 overflow-x-auto"
        // A scrolling region must be reachable by keyboard.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the row scrolls sideways on phones
        tabIndex={0}
      >
        <dl className="flex gap-2 w-max">
          {KEYS.map((key) => (
            <div
              key={key}
              className="flex items-baseline gap-1.5 rounded-field bg-base-100 px-3 py-1.5 shadow-xs"
            >
              <dt className="text-xs opacity-80">{t(`travelers.stats.${key}`)}</dt>
              <dd className={`font-bold tabular-nums ${TONE[key]}`} data-testid={`stat-${key}`}>
                {fmt.format(stats[key])}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    );
  }
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
