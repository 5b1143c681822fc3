/**
 * An ISO week ('YYYY-Www', Monday to Sunday) picked as a year and a week whose label gives its
 * days in the app's language ('Tuần 47 (17/11 – 23/11)'): the browser's input[type=week]
 * follows the browser's language instead.
 */
import { useTranslation } from 'react-i18next';
import { intlTag } from '../../i18n/intl-tag.ts';
import { joinWeek, splitWeek, weekChoices, yearFirst } from './period-parts.ts';
import type { PickerFieldProps } from './picker-field.ts';
import { YearPartPicker } from './year-part-picker.tsx';

export function WeekPicker({ value, onChange, ...rest }: Omit<PickerFieldProps, 'name'>) {
  const { t, i18n } = useTranslation();
  const tag = intlTag(i18n.language);
  return (
    <YearPartPicker
      {...rest}
      value={splitWeek(value)}
      text={value}
      partLabel={t('pickers.week')}
      parts={(year) => weekChoices(year, tag, (n, from, to) => t('pickers.weekOption', { n, from, to }))}
      yearFirst={yearFirst(tag)}
      onChange={(year, week) => onChange(joinWeek(year, week))}
    />
  );
}
