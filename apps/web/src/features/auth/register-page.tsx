/**
 * Registration (/auth/register): files an account request that an administrator approves.
 * Rules are the shared registration schema (name 2-50, e-mail, strong password, confirmation,
 * age 18-120, gender, terms).
 */
import { GENDERS, registrationFormSchema } from '@bh/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, api } from '../../lib/api.ts';
import { AuthField } from './auth-field.tsx';
import { useValidatedForm } from './use-validated-form.ts';

interface RegisterValues extends Record<string, unknown> {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  age: number | undefined;
  gender: string | undefined;
  terms: boolean;
}

const INITIAL: RegisterValues = {
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  age: undefined,
  gender: undefined,
  terms: false,
};

export default function RegisterPage() {
  const { t } = useTranslation();
  const form = useValidatedForm(registrationFormSchema, INITIAL);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const v = form.values;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const checked = form.submit();
    if (!checked.ok) {
      document.getElementById(`register-${Object.keys(checked.errors)[0]}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await api.post('/api/auth/register', checked.value, { noRefresh: true });
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        form.setServerError('email', 'auth.errors.emailTaken');
        document.getElementById('register-email')?.focus();
      } else if (err instanceof ApiError && err.isNetwork) setError('auth.register.offline');
      else setError('auth.loginServerError');
    } finally {
      setBusy(false);
    }
  };

  const field = (
    name: 'name' | 'email' | 'password' | 'confirmPassword',
    type: string,
    autoComplete: string,
  ) => (
    <AuthField
      id={`register-${name}`}
      label={t(`auth.register.${name}`)}
      type={type}
      autoComplete={autoComplete}
      value={v[name]}
      onChange={(e) => form.setField(name, e.target.value)}
      onBlur={() => form.blur(name)}
      error={form.errorOf(name)}
    />
  );

  return (
    <main className="min-h-screen bg-base-200 flex items-center justify-center p-4">
      <div className="card w-full max-w-lg bg-base-100 shadow-xl">
        <div className="card-body gap-3">
          <h1 className="text-2xl font-bold text-center">{t('auth.register.title')}</h1>
          {done ? (
            <>
              <div role="status" className="alert alert-success alert-soft" data-testid="register-success">
                {t('auth.register.success')}
              </div>
              <Link to="/login" className="btn btn-primary">
                {t('auth.register.backToLogin')}
              </Link>
            </>
          ) : (
            <>
              <p className="text-center text-base-content/70">{t('auth.register.intro')}</p>
              {error && (
                <div role="alert" className="alert alert-error alert-soft">
                  {t(error)}
                </div>
              )}
              <form
                noValidate
                onSubmit={onSubmit}
                className="flex flex-col gap-1"
                data-testid="register-form"
              >
                {field('name', 'text', 'name')}
                {field('email', 'email', 'email')}
                {field('password', 'password', 'new-password')}
                {field('confirmPassword', 'password', 'new-password')}
                <div className="grid grid-cols-1 sm:grid-cols-2 gap-x-3">
                  <AuthField
                    id="register-age"
                    label={t('auth.register.age')}
                    type="number"
                    inputMode="numeric"
                    min={18}
                    max={120}
                    value={v.age ?? ''}
                    onChange={(e) =>
                      form.setField('age', e.target.value === '' ? undefined : Number(e.target.value))
                    }
                    onBlur={() => form.blur('age')}
                    error={form.errorOf('age')}
                  />
                  <AuthField
                    id="register-gender"
                    label={t('auth.register.gender')}
                    error={form.errorOf('gender')}
                  >
                    <select
                      id="register-gender"
                      className={`select w-full ${form.errorOf('gender') ? 'select-error' : ''}`}
                      value={v.gender ?? ''}
                      onChange={(e) => form.setField('gender', e.target.value || undefined)}
                      onBlur={() => form.blur('gender')}
                      aria-invalid={Boolean(form.errorOf('gender'))}
                      aria-describedby={form.errorOf('gender') ? 'register-gender-error' : undefined}
                    >
                      <option value="">{t('auth.register.chooseGender')}</option>
                      {GENDERS.map((g) => (
                        <option key={g} value={g}>
                          {t(`auth.genders.${g}`)}
                        </option>
                      ))}
                    </select>
                  </AuthField>
                </div>
                <label htmlFor="register-terms" className="label cursor-pointer gap-2 py-2 whitespace-normal">
                  <input
                    id="register-terms"
                    type="checkbox"
                    className="checkbox checkbox-sm checkbox-primary"
                    checked={v.terms}
                    onChange={(e) => form.setField('terms', e.target.checked)}
                    aria-invalid={Boolean(form.errorOf('terms'))}
                    aria-describedby={form.errorOf('terms') ? 'register-terms-error' : undefined}
                  />
                  <span className="text-base-content">{t('auth.register.terms')}</span>
                </label>
                {form.errorOf('terms') && (
                  <p id="register-terms-error" className="text-error text-sm">
                    {form.errorOf('terms')}
                  </p>
                )}
                <button
                  type="submit"
                  className="btn btn-primary w-full mt-2"
                  disabled={busy}
                  aria-busy={busy}
                >
                  {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                  {busy ? t('auth.register.submitting') : t('auth.register.submit')}
                </button>
              </form>
              <p className="text-center text-sm">
                {t('auth.register.haveAccount')}{' '}
                <Link to="/login" className="link link-primary">
                  {t('auth.register.login')}
                </Link>
              </p>
            </>
          )}
        </div>
      </div>
    </main>
  );
}
