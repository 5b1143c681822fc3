/**
 * The fields of the add/edit form: every writable traveller field of the spec. Values are kept
 * as strings in a react-hook-form form; `validateTravelerForm` (packages/shared) normalises and
 * checks them on save.
 */
import { GENDERS, type Post, PURPOSES_OF_VISIT, pickLocale, postName, type SystemMode } from '@bh/shared';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { NationalityField } from '../../components/ui/country-combobox.tsx';
import { AppDateField } from '../../components/ui/date-field.tsx';
import { Field, type FieldControlProps } from '../../components/ui/field.tsx';
import { ChoiceOptions } from '../../components/ui/options.tsx';
import type { ReferenceLists } from '../../db/reference-repo.ts';

export type FormValues = Record<string, string>;

interface FieldsProps {
  /** The form's current values (the controls are controlled: the option lists load late). */
  values: FormValues;
  /** Translated error of a field, or null. */
  errorOf: (field: string) => string | null;
  /** The react-hook-form binding of a field (name, ref, change and blur handlers). */
  bind: (field: string) => UseFormRegisterReturn;
  lists: ReferenceLists;
  flightRequired: boolean;
  mode: SystemMode;
  /** Asks the post of arrival among these (an admin registering: registration-post.ts); none: not asked. */
  postChoices?: readonly Post[];
}

export function TravelerFormFields({
  values,
  errorOf,
  bind,
  lists,
  flightRequired,
  mode,
  postChoices = [],
}: FieldsProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const select = t('travelers.form.select');

  const text = (
    name: string,
    opts: { required?: boolean; type?: string; hint?: ReactNode; list?: string } = {},
  ) => (
    <Field
      label={t(`travelers.field.${name}`)}
      error={errorOf(name)}
      required={opts.required}
      hint={opts.hint}
    >
      {(p: FieldControlProps) => (
        <input
          {...p}
          {...bind(name)}
          type={opts.type ?? 'text'}
          list={opts.list}
          className="input w-full"
          value={values[name] ?? ''}
        />
      )}
    </Field>
  );
  const choice = (name: string, options: { value: string; label: string }[], required?: boolean) => (
    <Field label={t(`travelers.field.${name}`)} error={errorOf(name)} required={required}>
      {(p: FieldControlProps) => (
        <select {...p} {...bind(name)} className="select w-full" value={values[name] ?? ''}>
          <ChoiceOptions placeholder={select} choices={options} />
        </select>
      )}
    </Field>
  );
  // The date and country pickers are not native inputs: they report through the same binding.
  const report = (name: string, value: string) =>
    void bind(name).onChange({ target: { name, value }, type: 'change' });
  const date = (name: string, required?: boolean) => (
    <Field label={t(`travelers.field.${name}`)} error={errorOf(name)} required={required}>
      {(p: FieldControlProps) => (
        <AppDateField
          id={p.id}
          label={t(`travelers.field.${name}`)}
          describedBy={p['aria-describedby']}
          invalid={p['aria-invalid']}
          required={required}
          value={values[name] ?? ''}
          onChange={(v) => report(name, v)}
          testId={`field-${name}`}
        />
      )}
    </Field>
  );
  const airports = (list: ReferenceLists['origins']) =>
    list.map((a) => ({ value: a.code, label: `${a.code} – ${pickLocale(a.city, lang)}` }));

  return (
    <div className="flex flex-col gap-3">
      {postChoices.length > 0 && (
        <Field
          label={t('posts.traveler.arrivalPost')}
          error={errorOf('entryPostId')}
          hint={t('posts.traveler.arrivalPostHint')}
          required
        >
          {(p: FieldControlProps) => (
            <select
              {...p}
              {...bind('entryPostId')}
              className="select w-full sm:max-w-md"
              value={values.entryPostId ?? ''}
              data-testid="field-entryPostId"
            >
              <ChoiceOptions
                placeholder={t('posts.transfer.choose')}
                choices={postChoices.map((post) => ({
                  value: post.id,
                  label: `${post.code} · ${postName(post, lang)}`,
                }))}
              />
            </select>
          )}
        </Field>
      )}
      <fieldset className="grid gap-x-3 sm:grid-cols-2">
        <legend className="font-semibold mb-1">{t('travelers.form.personal')}</legend>
        {text('fullName', { required: true })}
        {text('passportNo', { required: true, hint: t('travelers.form.passportHint') })}
        <NationalityField
          error={errorOf('nationality')}
          value={values.nationality ?? ''}
          onChange={(code) => report('nationality', code)}
          testId="field-nationality"
        />
        {date('entryDate', true)}
        {choice(
          'gender',
          GENDERS.map((g) => ({ value: g, label: t(`travelers.gender.${g}`) })),
          true,
        )}
        {date('birthDate')}
        {date('passportExpiry')}
      </fieldset>

      <fieldset className="grid gap-x-3 sm:grid-cols-3">
        <legend className="font-semibold mb-1">{t('travelers.form.travel')}</legend>
        <Alert
          tone={flightRequired ? 'warning' : 'info'}
          announce="note"
          className="text-sm sm:col-span-3 py-2"
          data-testid="flight-mode-note"
        >
          {flightRequired
            ? t('travelers.form.flightRequired', { mode: t(`travelers.mode.${mode}`) })
            : t('travelers.form.flightOptional')}
        </Alert>
        {text('flightNo', { required: flightRequired, list: 'flight-suggestions' })}
        <datalist id="flight-suggestions">
          {lists.flightSuggestions.map((f) => (
            <option key={f} value={f} />
          ))}
        </datalist>
        {choice('origin', airports(lists.origins), flightRequired)}
        {choice('destination', airports(lists.destinations), flightRequired)}
      </fieldset>

      <fieldset className="grid gap-x-3 sm:grid-cols-2">
        <legend className="font-semibold mb-1">{t('travelers.form.more')}</legend>
        {choice(
          'purposeOfVisit',
          PURPOSES_OF_VISIT.map((p) => ({ value: p, label: t(`travelers.purpose.${p}`) })),
        )}
        {text('durationOfStay', { type: 'number' })}
        {text('occupation')}
        {text('accommodation')}
        {text('address')}
        {text('emergencyContact')}
        <div className="sm:col-span-2">
          <Field label={t('travelers.field.note')} error={errorOf('note')}>
            {(p: FieldControlProps) => (
              <textarea
                {...p}
                {...bind('note')}
                className="textarea w-full"
                rows={2}
                value={values.note ?? ''}
              />
            )}
          </Field>
        </div>
      </fieldset>
    </div>
  );
}
