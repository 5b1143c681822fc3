/**
 * Picks a report period: a day, an ISO week, a month or a custom range. The browser's own
 * week and month inputs give 'YYYY-Www' and 'YYYY-MM', the API's formats.
 */
import { isoWeekOf, REPORT_KINDS, type ReportKind } from '@bh/shared';
import { useTranslation } from 'react-i18next';
import { Options } from '../../components/ui/options.tsx';
import type { PeriodQuery } from './reports-api.ts';

export interface Period {
  kind: ReportKind;
  query: PeriodQuery;
}

/** The default period of each kind around `today`. */
export function defaultPeriod(kind: ReportKind, today: string): Period {
  switch (kind) {
    case 'daily':
      return { kind, query: { date: today } };
    case 'weekly':
      return { kind, query: { week: isoWeekOf(today) } };
    case 'monthly':
      return { kind, query: { month: today.slice(0, 7) } };
    case 'custom':
      return { kind, query: { from: `${today.slice(0, 8)}01`, to: today } };
  }
}

const FIELDS: Record<ReportKind, { name: string; type: 'date' | 'week' | 'month' }[]> = {
  daily: [{ name: 'date', type: 'date' }],
  weekly: [{ name: 'week', type: 'week' }],
  monthly: [{ name: 'month', type: 'month' }],
  custom: [
    { name: 'from', type: 'date' },
    { name: 'to', type: 'date' },
  ],
};

const isKind = (value: string): value is ReportKind => REPORT_KINDS.some((k) => k === value);

export function PeriodPicker({
  period,
  today,
  onChange,
}: {
  period: Period;
  today: string;
  onChange: (period: Period) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-wrap items-end gap-3" data-testid="report-period">
      <legend className="sr-only">{t('reports.period.legend')}</legend>
      <label className="flex flex-col gap-1 text-sm">
        {t('reports.period.kind')}
        <select
          className="select select-sm"
          value={period.kind}
          onChange={(e) => isKind(e.target.value) && onChange(defaultPeriod(e.target.value, today))}
          data-testid="report-kind"
        >
          <Options values={REPORT_KINDS} label={(kind) => t(`reports.kind.${kind}`)} />
        </select>
      </label>
      {FIELDS[period.kind].map((field) => (
        <label key={field.name} className="flex flex-col gap-1 text-sm">
          {t(`reports.period.${field.name}`)}
          <input
            type={field.type}
            className="input input-sm"
            value={period.query[field.name] ?? ''}
            required
            onChange={(e) =>
              onChange({ kind: period.kind, query: { ...period.query, [field.name]: e.target.value } })
            }
            data-testid={`report-${field.name}`}
          />
        </label>
      ))}
    </fieldset>
  );
}
