/**
 * /form-demo: the spec's demo form checked by the shared `demoFormSchema` (fullName, phone,
 * nationality, birthDate, gender and agreement required; email only checked when given; notes
 * at most 500 characters). Errors show after a field is left or on submit.
 */
import {
  COUNTRIES,
  demoFormSchema,
  GENDER_OPTIONS,
  NOTES_MAX_LENGTH,
  pickLocale,
  validateWith,
} from '@bh/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/ui/field.tsx';

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
type Name = keyof Values;

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
const toInput = (v: Values) => ({
  ...v,
  nationality: v.nationality || undefined,
  birthDate: v.birthDate || undefined,
  gender: v.gender || undefined,
});

function check(values: Values) {
  const result = validateWith(demoFormSchema, toInput(values));
  return result.ok ? { errors: {}, params: {} } : { errors: result.errors, params: result.params };
}

export default function FormDemoPage() {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<Name, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [success, setSuccess] = useState(false);
  const { errors, params } = check(values);
  const errorOf = (name: Name) =>
    (touched[name] || submitted) && errors[name] ? t(errors[name], params[name]) : null;

  const set = <K extends Name>(name: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setSuccess(false);
  };
  const blur = (name: Name) => () => setTouched((s) => ({ ...s, [name]: true }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const ok = Object.keys(errors).length === 0;
    setSuccess(ok);
    if (!ok) {
      const first = (e.currentTarget as HTMLFormElement).querySelector<HTMLElement>('[aria-invalid="true"]');
      // Errors render on this submit; move focus after React has painted them.
      setTimeout(
        () => ((document.querySelector('[aria-invalid="true"]') as HTMLElement | null) ?? first)?.focus(),
        0,
      );
    }
  };
  const onReset = () => {
    setValues(EMPTY);
    setTouched({});
    setSubmitted(false);
    setSuccess(false);
  };
  const hasErrors = submitted && Object.keys(errors).length > 0;

  return (
    <div className="max-w-2xl mx-auto">
      <h1 className="text-2xl font-bold">{t('demo-form.title')}</h1>
      <p className="opacity-80 mt-1 mb-4">{t('demo-form.description')}</p>
      <form noValidate onSubmit={onSubmit} className="card bg-base-100 shadow-sm">
        <div className="card-body gap-1">
          {success && (
            <div role="status" className="alert alert-success" data-testid="demo-success">
              {t('demo-form.success')}
            </div>
          )}
          {hasErrors && (
            <div role="alert" className="alert alert-error alert-soft">
              {t('demo-form.errorSummary')}
            </div>
          )}
          <div className="grid gap-x-4 sm:grid-cols-2">
            <Field label={t('demo-form.fields.fullName')} required error={errorOf('fullName')}>
              {(p) => (
                <input
                  {...p}
                  name="fullName"
                  className={`input w-full ${p['aria-invalid'] ? 'input-error' : ''}`}
                  autoComplete="name"
                  value={values.fullName}
                  onChange={(e) => set('fullName', e.target.value)}
                  onBlur={blur('fullName')}
                />
              )}
            </Field>
            <Field label={t('demo-form.fields.phone')} required error={errorOf('phone')}>
              {(p) => (
                <input
                  {...p}
                  name="phone"
                  type="tel"
                  className={`input w-full ${p['aria-invalid'] ? 'input-error' : ''}`}
                  autoComplete="tel"
                  value={values.phone}
                  onChange={(e) => set('phone', e.target.value)}
                  onBlur={blur('phone')}
                />
              )}
            </Field>
            <Field
              label={t('demo-form.fields.email')}
              hint={t('demo-form.emailHint')}
              error={errorOf('email')}
            >
              {(p) => (
                <input
                  {...p}
                  name="email"
                  type="email"
                  className={`input w-full ${p['aria-invalid'] ? 'input-error' : ''}`}
                  autoComplete="email"
                  value={values.email}
                  onChange={(e) => set('email', e.target.value)}
                  onBlur={blur('email')}
                />
              )}
            </Field>
            <Field label={t('demo-form.fields.nationality')} required error={errorOf('nationality')}>
              {(p) => (
                <select
                  {...p}
                  name="nationality"
                  className={`select w-full ${p['aria-invalid'] ? 'select-error' : ''}`}
                  value={values.nationality}
                  onChange={(e) => set('nationality', e.target.value)}
                  onBlur={blur('nationality')}
                >
                  <option value="">{t('demo-form.selectNationality')}</option>
                  {COUNTRIES.map((c) => (
                    <option key={c.code} value={c.code}>
                      {pickLocale(c.name, i18n.language)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t('demo-form.fields.birthDate')} required error={errorOf('birthDate')}>
              {(p) => (
                <input
                  {...p}
                  name="birthDate"
                  type="date"
                  className={`input w-full ${p['aria-invalid'] ? 'input-error' : ''}`}
                  value={values.birthDate}
                  onChange={(e) => set('birthDate', e.target.value)}
                  onBlur={blur('birthDate')}
                />
              )}
            </Field>
            <Field label={t('demo-form.fields.gender')} required error={errorOf('gender')}>
              {(p) => (
                <select
                  {...p}
                  name="gender"
                  className={`select w-full ${p['aria-invalid'] ? 'select-error' : ''}`}
                  value={values.gender}
                  onChange={(e) => set('gender', e.target.value)}
                  onBlur={blur('gender')}
                >
                  <option value="">{t('demo-form.selectGender')}</option>
                  {GENDER_OPTIONS.map((g) => (
                    <option key={g.value} value={g.value}>
                      {pickLocale(g.label, i18n.language)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <Field
            label={t('demo-form.fields.notes')}
            hint={t('demo-form.notesCount', { count: values.notes.length, max: NOTES_MAX_LENGTH })}
            error={errorOf('notes')}
          >
            {(p) => (
              <textarea
                {...p}
                name="notes"
                className={`textarea w-full ${p['aria-invalid'] ? 'textarea-error' : ''}`}
                rows={3}
                value={values.notes}
                onChange={(e) => set('notes', e.target.value)}
                onBlur={blur('notes')}
              />
            )}
          </Field>
          <div className="py-2">
            <label className="flex items-start gap-2 cursor-pointer">
              <input
                type="checkbox"
                name="agreement"
                className="checkbox checkbox-primary mt-0.5"
                checked={values.agreement}
                aria-invalid={Boolean(errorOf('agreement'))}
                aria-describedby={errorOf('agreement') ? 'demo-agreement-error' : undefined}
                onChange={(e) => set('agreement', e.target.checked)}
                onBlur={blur('agreement')}
              />
              <span>
                {t('demo-form.fields.agreement')}
                <span className="text-error" aria-hidden="true">
                  {' '}
                  *
                </span>
              </span>
            </label>
            {errorOf('agreement') && (
              <p id="demo-agreement-error" className="text-error text-sm mt-1" role="alert">
                {errorOf('agreement')}
              </p>
            )}
          </div>
          <div className="card-actions justify-end mt-2">
            <button type="button" className="btn" onClick={onReset}>
              {t('demo-form.reset')}
            </button>
            <button type="submit" className="btn btn-primary">
              {t('demo-form.submit')}
            </button>
          </div>
        </div>
      </form>
    </div>
  );
}
