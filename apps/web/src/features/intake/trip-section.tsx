/**
 * Travel details of the public pre-arrival form: nationality (every country, searched as one
 * types), dates, flight, stay. Labels are the traveller form's; choices come from the bundled
 * reference lists (no server needed).
 */
import {
  DESTINATION_AIRPORTS,
  GENDER_OPTIONS,
  ORIGIN_AIRPORTS,
  PURPOSE_OF_VISIT_OPTIONS,
  pickLocale,
} from '@bh/shared';
import { useTranslation } from 'react-i18next';
import { NationalityField } from '../../components/ui/country-combobox.tsx';
import { DateFieldRow } from '../../components/ui/date-field.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ChoiceOptions } from '../../components/ui/options.tsx';
import { Section } from '../health-declaration/form-sections.tsx';
import type { TripField, TripValues } from './pre-arrival-values.ts';

interface Props {
  values: TripValues;
  set: (field: TripField, value: string) => void;
  errorOf: (field: string) => string | null;
}

export function TripSection({ values, set, errorOf }: Props) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const input = (field: TripField) => (
    <Field label={t(`travelers.field.${field}`)} error={errorOf(field)}>
      {(ctl) => (
        <input
          {...ctl}
          name={field}
          className={`input w-full ${ctl['aria-invalid'] ? 'input-error' : ''}`}
          value={values[field]}
          onChange={(e) => set(field, e.target.value)}
        />
      )}
    </Field>
  );
  // Dates follow the page's language (React Aria's DateField), not the browser's.
  const date = (field: TripField, label = t(`travelers.field.${field}`)) => (
    <DateFieldRow
      label={label}
      error={errorOf(field)}
      name={field}
      value={values[field]}
      onChange={(value) => set(field, value)}
      testId={`trip-${field}`}
    />
  );
  const select = (field: TripField, options: { value: string; label: string }[]) => (
    <Field label={t(`travelers.field.${field}`)} error={errorOf(field)}>
      {(ctl) => (
        <select
          {...ctl}
          name={field}
          className={`select w-full ${ctl['aria-invalid'] ? 'select-error' : ''}`}
          value={values[field]}
          onChange={(e) => set(field, e.target.value)}
        >
          <ChoiceOptions placeholder={t('travelers.form.select')} choices={options} />
        </select>
      )}
    </Field>
  );
  const airports = (list: typeof ORIGIN_AIRPORTS) =>
    list.map((a) => ({ value: a.code, label: `${a.code} - ${pickLocale(a.city, lang)}` }));
  return (
    <Section title={t('intake.preArrival.traveler')} testId="section-trip">
      <div className="grid gap-x-4 sm:grid-cols-2">
        <NationalityField
          error={errorOf('nationality')}
          value={values.nationality}
          onChange={(code) => set('nationality', code)}
          testId="trip-nationality"
        />
        {select(
          'gender',
          GENDER_OPTIONS.map((o) => ({ value: o.value, label: pickLocale(o.label, lang) })),
        )}
        {date('birthDate')}
        {date('passportExpiry')}
        {date('entryDate', t('intake.preArrival.arrivalDate'))}
        {input('flightNo')}
        {select('origin', airports(ORIGIN_AIRPORTS))}
        {select('destination', airports(DESTINATION_AIRPORTS))}
        {select(
          'purposeOfVisit',
          PURPOSE_OF_VISIT_OPTIONS.map((o) => ({ value: o.value, label: pickLocale(o.label, lang) })),
        )}
        {input('address')}
        {input('accommodation')}
        {input('emergencyContact')}
      </div>
    </Section>
  );
}
