/**
 * A year and a part of it (a week or a month) as two native selects in one labelled group: the
 * choices are written in the app's language (not the browser's, as input[type=week|month] is),
 * every keyboard and screen reader already knows a select, and a phone opens its own list.
 * The week and month pickers (week-picker.tsx, month-picker.tsx) are this with their parts.
 */
import { useTranslation } from 'react-i18next';
import type { PartChoice, YearPart } from './period-parts.ts';
import { yearChoices } from './period-parts.ts';
import type { PickerFieldProps } from './picker-field.ts';

interface Props extends Omit<PickerFieldProps, 'value' | 'onChange' | 'name'> {
  value: YearPart;
  /** The part's name ('Week', 'Month') for its select. */
  partLabel: string;
  parts: (year: number) => PartChoice[];
  yearFirst: boolean;
  onChange: (year: number, part: number) => void;
  /** The value as text, for tests and the form (data-value). */
  text: string;
}

export function YearPartPicker({
  id,
  label,
  value,
  partLabel,
  parts,
  yearFirst,
  onChange,
  invalid,
  describedBy,
  required,
  size = 'md',
  testId,
  text,
}: Props) {
  const { t } = useTranslation();
  const thisYear = new Date().getFullYear();
  const year = value.year ?? thisYear;
  const cls = `select w-auto min-w-0 ${size === 'sm' ? 'select-sm' : ''} ${invalid ? 'select-error' : ''}`;
  const none = <option value="">{t('pickers.none')}</option>;
  const partSelect = (
    <select
      key="part"
      className={cls}
      aria-label={partLabel}
      aria-invalid={invalid}
      aria-required={required}
      value={value.part ?? ''}
      onChange={(e) => e.target.value && onChange(year, Number(e.target.value))}
      data-part="part"
    >
      {value.part === null && none}
      {parts(year).map((p) => (
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
      value={value.year ?? ''}
      onChange={(e) => e.target.value && onChange(Number(e.target.value), value.part ?? 1)}
      data-part="year"
    >
      {value.year === null && none}
      {yearChoices(value.year, thisYear).map((y) => (
        <option key={y} value={y}>
          {y}
        </option>
      ))}
    </select>
  );
  return (
    <fieldset
      id={id}
      aria-label={label}
      aria-describedby={describedBy}
      className="flex flex-wrap gap-1 min-w-0"
      data-testid={testId}
      data-value={text}
    >
      {yearFirst ? [yearSelect, partSelect] : [partSelect, yearSelect]}
    </fieldset>
  );
}
