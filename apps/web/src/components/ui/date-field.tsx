/**
 * A date field that follows the app's language (day, month and year segments in the language's
 * order, e.g. dd/mm/yyyy in vi), not the browser's: React Aria's DateField with the
 * @internationalized/date calendar. The value is 'YYYY-MM-DD' ('' for none), like the forms';
 * with granularity 'minute' it is a local date and time 'YYYY-MM-DDTHH:mm:ss' (as
 * input[type=datetime-local] gives, which `new Date(value)` reads as local time).
 */
import './react-aria-csp.ts';
import { type CalendarDate, type CalendarDateTime, parseDate, parseDateTime } from '@internationalized/date';
import { DateField, DateInput, DateSegment } from 'react-aria-components/DateField';
import { I18nProvider } from 'react-aria-components/I18nProvider';
import { useTranslation } from 'react-i18next';
import { intlTag } from '../../i18n/intl-tag.ts';
import { Field } from './field.tsx';
import type { PickerFieldProps } from './picker-field.ts';

function toCalendarValue(iso: string, granularity: 'day' | 'minute'): CalendarDate | CalendarDateTime | null {
  try {
    if (!iso) return null;
    return granularity === 'day' ? parseDate(iso.slice(0, 10)) : parseDateTime(iso.slice(0, 19));
  } catch {
    // not a valid day: the field starts empty
    return null;
  }
}

export function AppDateField({
  id,
  label,
  value,
  onChange,
  invalid,
  describedBy,
  required,
  name,
  size = 'md',
  testId,
  onBlur,
  granularity = 'day',
}: PickerFieldProps & { onBlur?: () => void; granularity?: 'day' | 'minute' }) {
  const { i18n } = useTranslation();
  return (
    <I18nProvider locale={intlTag(i18n.language)}>
      <DateField
        id={id}
        aria-label={label}
        aria-describedby={describedBy}
        value={toCalendarValue(value, granularity)}
        onChange={(d) => onChange(d ? d.toString() : '')}
        onBlur={onBlur}
        isInvalid={invalid}
        isRequired={required}
        name={name}
        granularity={granularity}
        data-testid={testId}
        data-value={value}
        className="w-full"
      >
        <DateInput
          className={`input w-full flex items-center gap-0.5 tabular-nums ${size === 'sm' ? 'input-sm' : ''} ${invalid ? 'input-error' : ''}`}
        >
          {(segment) => (
            <DateSegment
              segment={segment}
              className="rounded px-0.5 outline-none focus:bg-primary focus:text-primary-content data-[placeholder]:opacity-60"
            />
          )}
        </DateInput>
      </DateField>
    </I18nProvider>
  );
}

/** AppDateField in a labelled Field: the label, error and required mark wired like any control. */
export function DateFieldRow({
  label,
  error,
  required,
  ...field
}: Omit<PickerFieldProps, 'id' | 'invalid' | 'describedBy'> & { error: string | null; onBlur?: () => void }) {
  return (
    <Field label={label} error={error} required={required}>
      {(p) => (
        <AppDateField
          {...field}
          id={p.id}
          label={label}
          describedBy={p['aria-describedby']}
          invalid={p['aria-invalid']}
          required={required}
        />
      )}
    </Field>
  );
}
