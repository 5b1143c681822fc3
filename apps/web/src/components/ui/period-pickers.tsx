/**
 * The week and month pickers: a year and a part of it (an ISO week or a month) as two native
 * selects in one labelled group. The choices are written in the app's language (the browser's
 * input[type=week|month] follows the browser's language instead): month names from Intl, weeks
 * as 'Tuần 47 (17/11 – 23/11)'; the year comes first where the language writes it first (ja).
 * Every keyboard and screen reader already knows a select, and a phone opens its own list.
 */
import { useTranslation } from 'react-i18next';
import { intlTag } from '../../i18n/intl-tag.ts';
import {
  joinMonth,
  joinWeek,
  monthChoices,
  type PartChoice,
  splitMonth,
  splitWeek,
  weekChoices,
  type YearPart,
  yearChoices,
  yearFirst,
} from './period-parts.ts';
import type { PickerFieldProps } from './picker-field.ts';

type PeriodPickerProps = Omit<PickerFieldProps, 'name'>;

interface PartKind {
  /** i18n key of the part's name ('Week', 'Month'). */
  labelKey: string;
  split: (value: string) => YearPart;
  join: (year: number, part: number) => string;
  choices: (
    year: number,
    tag: string,
    weekLabel: (n: number, from: string, to: string) => string,
  ) => PartChoice[];
}

const WEEK: PartKind = { labelKey: 'pickers.week', split: splitWeek, join: joinWeek, choices: weekChoices };
const MONTH: PartKind = {
  labelKey: 'pickers.month',
  split: splitMonth,
  join: joinMonth,
  choices: (_year, tag) => monthChoices(tag),
};

function YearPartPicker({ kind, size = 'md', ...field }: PeriodPickerProps & { kind: PartKind }) {
  const { value, onChange, invalid, required } = field;
  const { t, i18n } = useTranslation();
  const tag = intlTag(i18n.language);
  const { year: chosenYear, part } = kind.split(value);
  const thisYear = new Date().getFullYear();
  const year = chosenYear ?? thisYear;
  const parts = kind.choices(year, tag, (n, from, to) => t('pickers.weekOption', { n, from, to }));
  const cls = `select w-auto min-w-0 ${size === 'sm' ? 'select-sm' : ''} ${invalid ? 'select-error' : ''}`;
  const none = <option value="">{t('pickers.none')}</option>;
  const partSelect = (
    <select
      key="part"
      className={cls}
      aria-label={t(kind.labelKey)}
      aria-invalid={invalid}
      aria-required={required}
      value={part ?? ''}
      onChange={(e) => e.target.value && onChange(kind.join(year, Number(e.target.value)))}
      data-part="part"
    >
      {part === null && none}
      {parts.map((p) => (
        <option key={p.value} value={p.value}>
          {p.label}
        </option>
      ))}
    </select>
  );
  const yearSelect = (
    <select
      key="year"
      className={cls}
      aria-label={t('pickers.year')}
      aria-invalid={invalid}
      aria-required={required}
      value={chosenYear ?? ''}
      onChange={(e) => e.target.value && onChange(kind.join(Number(e.target.value), part ?? 1))}
      data-part="year"
    >
      {chosenYear === null && none}
      {yearChoices(chosenYear, thisYear).map((y) => (
        <option key={y} value={y}>
          {y}
        </option>
      ))}
    </select>
  );
  return (
    <fieldset
      id={field.id}
      aria-label={field.label}
      aria-describedby={field.describedBy}
      className="flex flex-wrap gap-1 min-w-0"
      data-testid={field.testId}
      data-value={value}
    >
      {yearFirst(tag) ? [yearSelect, partSelect] : [partSelect, yearSelect]}
    </fieldset>
  );
}

/** An ISO week, 'YYYY-Www' (Monday to Sunday). */
export const WeekPicker = (props: PeriodPickerProps) => <YearPartPicker kind={WEEK} {...props} />;

/** A month, 'YYYY-MM'. */
export const MonthPicker = (props: PeriodPickerProps) => <YearPartPicker kind={MONTH} {...props} />;
