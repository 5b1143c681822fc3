/**
 * /form-demo: the spec's demo form checked by the shared `demoFormSchema` (fullName, phone,
 * nationality, birthDate, gender and agreement required; email only checked when given; notes
 * at most 500 characters). Errors show after a field is left or on submit, then follow typing.
 */
import {
  COUNTRIES,
  type DemoForm,
  demoFormSchema,
  GENDER_OPTIONS,
  NOTES_MAX_LENGTH,
  pickLocale,
} from '@bh/shared';
import { type ReactNode, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AppForm } from '../../components/form/app-form.tsx';
import { useErrorText } from '../../components/form/field-error.ts';
import { schemaResolver } from '../../components/form/shared-resolver.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { DateFieldRow } from '../../components/ui/date-field.tsx';
import { Field } from '../../components/ui/field.tsx';
import { FormActions } from '../../components/ui/form-actions.tsx';
import { LocalizedOptions } from '../../components/ui/options.tsx';

interface Values {
  fullName: string;
  phone: string;
  email: string;
  nationality: string;
  birthDate: string;
  gender: string;
  notes: string;
  agreement: boolean;
}
type TextName = 'fullName' | 'phone' | 'email';

const EMPTY: Values = {
  fullName: '',
  phone: '',
  email: '',
  nationality: '',
  birthDate: '',
  gender: '',
  notes: '',
  agreement: false,
};

/** Empty selects and dates are "missing" (required), not "invalid". */
const resolver = schemaResolver(demoFormSchema, (v: Values) => ({
  ...v,
  nationality: v.nationality || undefined,
  birthDate: v.birthDate || undefined,
  gender: v.gender || undefined,
}));

const invalidClass = (base: string, invalid: boolean) => `${base} w-full ${invalid ? `${base}-error` : ''}`;

export default function FormDemoPage() {
  const { t, i18n } = useTranslation();
  const [success, setSuccess] = useState(false);
  const { register, control, handleSubmit, reset, watch, formState } = useForm<Values, unknown, DemoForm>({
    resolver,
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const errorOf = useErrorText(formState.errors);
  // Any edit takes the success message away.
  const field = (name: keyof Values) => register(name, { onChange: () => setSuccess(false) });
  const hasErrors = formState.isSubmitted && Object.keys(formState.errors).length > 0;
  const notesLength = watch('notes').length;

  const onSubmit = handleSubmit(
    () => setSuccess(true),
    () => setSuccess(false),
  );
  const onReset = () => {
    reset(EMPTY);
    setSuccess(false);
  };

  const text = (name: TextName, opts: { type?: string; autoComplete?: string; hint?: ReactNode } = {}) => (
    <Field
      label={t(`demo-form.fields.${name}`)}
      required={name !== 'email'}
      hint={opts.hint}
      error={errorOf(name)}
    >
      {(p) => (
        <input
          {...p}
          {...field(name)}
          type={opts.type}
          className={invalidClass('input', p['aria-invalid'])}
          autoComplete={opts.autoComplete}
        />
      )}
    </Field>
  );
  const choice = (name: 'nationality' | 'gender', placeholder: string, options: ReactNode) => (
    <Field label={t(`demo-form.fields.${name}`)} required error={errorOf(name)}>
      {(p) => (
        <select {...p} {...field(name)} className={invalidClass('select', p['aria-invalid'])}>
          <option value="">{placeholder}</option>
          {options}
        </select>
      )}
    </Field>
  );
  // The birth date follows the app's language (React Aria's DateField), reported as 'YYYY-MM-DD'.
  const birthDate = (
    <Controller
      name="birthDate"
      control={control}
      render={({ field: f }) => (
        <DateFieldRow
          label={t('demo-form.fields.birthDate')}
          error={errorOf('birthDate')}
          required
          name={f.name}
          value={f.value}
          onChange={(value) => {
            f.onChange(value);
            setSuccess(false);
          }}
          onBlur={f.onBlur}
          testId="demo-birthDate"
        />
      )}
    />
  );
  const agreementError = errorOf('agreement');

  return (
    <div className="max-w-2xl mx-auto">
      <h1 className="text-2xl font-bold">{t('demo-form.title')}</h1>
      <p className="opacity-80 mt-1 mb-4">{t('demo-form.description')}</p>
      <AppForm onSubmit={onSubmit} className="card bg-base-100 shadow-sm">
        <div className="card-body gap-1">
          {success && (
            <Alert tone="success" soft={false} data-testid="demo-success">
              {t('demo-form.success')}
            </Alert>
          )}
          {hasErrors && <Alert tone="error">{t('demo-form.errorSummary')}</Alert>}
          <div className="grid gap-x-4 sm:grid-cols-2">
            {text('fullName', { autoComplete: 'name' })}
            {text('phone', { type: 'tel', autoComplete: 'tel' })}
            {text('email', { type: 'email', autoComplete: 'email', hint: t('demo-form.emailHint') })}
            {choice(
              'nationality',
              t('demo-form.selectNationality'),
              COUNTRIES.map((c) => (
                <option key={c.code} value={c.code}>
                  {pickLocale(c.name, i18n.language)}
                </option>
              )),
            )}
            {birthDate}
            {choice('gender', t('demo-form.selectGender'), <LocalizedOptions options={GENDER_OPTIONS} />)}
          </div>
          <Field
            label={t('demo-form.fields.notes')}
            hint={t('demo-form.notesCount', { count: notesLength, max: NOTES_MAX_LENGTH })}
            error={errorOf('notes')}
          >
            {(p) => (
              <textarea
                {...p}
                {...field('notes')}
                className={invalidClass('textarea', p['aria-invalid'])}
                rows={3}
              />
            )}
          </Field>
          <div className="py-2">
            <label className="flex items-start gap-2 cursor-pointer">
              <input
                type="checkbox"
                className="checkbox checkbox-primary mt-0.5"
                {...field('agreement')}
                aria-invalid={Boolean(agreementError)}
                aria-describedby={agreementError ? 'demo-agreement-error' : undefined}
              />
              <span>
                {t('demo-form.fields.agreement')}
                <span className="text-error" aria-hidden="true">
                  {' '}
                  *
                </span>
              </span>
            </label>
            {agreementError && (
              <p id="demo-agreement-error" className="text-error text-sm mt-1" role="alert">
                {agreementError}
              </p>
            )}
          </div>
          <FormActions back={t('demo-form.reset')} onBack={onReset}>
            <button type="submit" className="btn btn-primary">
              {t('demo-form.submit')}
            </button>
          </FormActions>
        </div>
      </AppForm>
    </div>
  );
}
