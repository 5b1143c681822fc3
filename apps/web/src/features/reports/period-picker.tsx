/**
 * Picks a report period: a day, an ISO week, a month or a custom range, each in the app's
 * language (not the browser's date, week and month inputs). The pickers give 'YYYY-MM-DD',
 * 'YYYY-Www' and 'YYYY-MM', the API's formats.
 */
import { isoWeekOf, REPORT_KINDS, type ReportKind } from '@bh/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDateField } from '../../components/ui/date-field.tsx';
import { Options } from '../../components/ui/options.tsx';
import { MonthPicker, WeekPicker } from '../../components/ui/period-pickers.tsx';
import type { PickerFieldProps } from '../../components/ui/picker-field.ts';
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

type FieldKind = 'date' | 'week' | 'month';
const FIELDS: Record<ReportKind, { name: string; kind: FieldKind }[]> = {
  daily: [{ name: 'date', kind: 'date' }],
  weekly: [{ name: 'week', kind: 'week' }],
  monthly: [{ name: 'month', kind: 'month' }],
  custom: [
    { name: 'from', kind: 'date' },
    { name: 'to', kind: 'date' },
  ],
};
const PICKERS: Record<FieldKind, (props: PickerFieldProps) => ReactNode> = {
  date: AppDateField,
  week: WeekPicker,
  month: MonthPicker,
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
          className="select"
          value={period.kind}
          onChange={(e) => isKind(e.target.value) && onChange(defaultPeriod(e.target.value, today))}
          data-testid="report-kind"
        >
          <Options values={REPORT_KINDS} label={(kind) => t(`reports.kind.${kind}`)} />
        </select>
      </label>
      {FIELDS[period.kind].map((field) => {
        const Picker = PICKERS[field.kind];
        const label = t(`reports.period.${field.name}`);
        return (
          <div key={field.name} className="flex flex-col gap-1 text-sm">
            <span aria-hidden="true">{label}</span>
            <Picker
              label={label}
              size="sm"
              required
              value={period.query[field.name] ?? ''}
              onChange={(value) =>
                onChange({ kind: period.kind, query: { ...period.query, [field.name]: value } })
              }
              testId={`report-${field.name}`}
            />
          </div>
        );
      })}
    </fieldset>
  );
}
