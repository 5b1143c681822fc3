/**
 * A month ('YYYY-MM') picked as a month name in the app's language and a year, in that
 * language's order (2026年11月 in ja): the browser's input[type=month] follows the browser's
 * language instead.
 */
import { useTranslation } from 'react-i18next';
import { intlTag } from '../../i18n/intl-tag.ts';
import { joinMonth, monthChoices, splitMonth, yearFirst } from './period-parts.ts';
import type { PickerFieldProps } from './picker-field.ts';
import { YearPartPicker } from './year-part-picker.tsx';

export function MonthPicker({ value, onChange, ...rest }: Omit<PickerFieldProps, 'name'>) {
  const { t, i18n } = useTranslation();
  const tag = intlTag(i18n.language);
  return (
    <YearPartPicker
      {...rest}
      value={splitMonth(value)}
      text={value}
      partLabel={t('pickers.month')}
      parts={() => monthChoices(tag)}
      yearFirst={yearFirst(tag)}
      onChange={(year, month) => onChange(joinMonth(year, month))}
    />
  );
}
