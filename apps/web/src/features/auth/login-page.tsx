/**
 * Login screen (spec section 2): heading, welcome text, e-mail, password, remember me, a busy
 * submit label, error and success alerts, the demo accounts (only when the server seeded
 * them) and a link to registration. Kept light: it is the first screen most users load.
 */
import { loginFormSchema } from '@bh/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { requestLogin, startSession, takeSessionExpiredNotice } from './auth-client.ts';
import { AuthField } from './auth-field.tsx';
import { useValidatedForm } from './use-validated-form.ts';

interface DemoAccount {
  email: string;
  password: string;
  role: 'admin' | 'officer';
  title: string | null;
}

/** Shown long enough to read the success alert; not the spec's simulated delay. */
const SUCCESS_PAUSE_MS = 400;

function errorKey(err: unknown): { key: string; params?: Record<string, number> } {
  if (err instanceof ApiError) {
    if (err.status === 401 || err.status === 400) return { key: 'auth.loginError' };
    if (err.status === 429) {
      const seconds = Number((err.details as { retryAfter?: number } | undefined)?.retryAfter ?? 900);
      return { key: 'auth.login.rateLimited', params: { minutes: Math.max(1, Math.ceil(seconds / 60)) } };
    }
    if (err.isNetwork) return { key: 'auth.login.offline' };
  }
  return { key: 'auth.loginServerError' };
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useValidatedForm(loginFormSchema, { email: '', password: '', rememberMe: false });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ key: string; params?: Record<string, number> } | null>(null);
  const [success, setSuccess] = useState(false);
  const [expired] = useState(takeSessionExpiredNotice);
  const [demo, setDemo] = useState<DemoAccount[]>([]);

  useEffect(() => {
    if (!navigator.onLine) return;
    let live = true;
    apiRequest<{ accounts: DemoAccount[] }>('/api/auth/demo-accounts', { noRefresh: true, timeoutMs: 5_000 })
      .then((r) => live && setDemo(r.accounts))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const checked = form.submit();
    if (!checked.ok) {
      const first = Object.keys(checked.errors)[0];
      document.getElementById(first === 'password' ? 'login-password' : 'login-email')?.focus();
      return;
    }
    setBusy(true);
    try {
      const session = await requestLogin(form.values.email, form.values.password, form.values.rememberMe);
      setSuccess(true);
      setTimeout(() => {
        startSession(session);
        navigate('/entry-management', { replace: true });
      }, SUCCESS_PAUSE_MS);
    } catch (err) {
      setError(errorKey(err));
      setBusy(false);
    }
  };

  return (
    <main className="min-h-screen bg-base-200 flex items-center justify-center p-4">
      <div className="card w-full max-w-md bg-base-100 shadow-xl">
        <div className="card-body gap-3">
          <h1 className="text-2xl font-bold text-center">{t('auth.login.title')}</h1>
          <p className="text-center text-base-content/70">{t('auth.login.welcome')}</p>

          {expired && !error && !success && (
            <div role="status" className="alert alert-warning alert-soft">
              {t('auth.sessionExpired')}
            </div>
          )}
          {error && (
            <div role="alert" className="alert alert-error alert-soft" data-testid="login-error">
              {t(error.key, error.params ?? {})}
            </div>
          )}
          {success && (
            <div role="status" className="alert alert-success alert-soft" data-testid="login-success">
              {t('auth.loginSuccess')}
            </div>
          )}

          <form noValidate onSubmit={onSubmit} data-testid="login-form" className="flex flex-col gap-1">
            <AuthField
              id="login-email"
              label={t('auth.login.email')}
              type="email"
              autoComplete="username"
              inputMode="email"
              value={form.values.email}
              onChange={(e) => form.setField('email', e.target.value)}
              onBlur={() => form.blur('email')}
              error={form.errorOf('email')}
            />
            <AuthField
              id="login-password"
              label={t('auth.login.password')}
              type="password"
              autoComplete="current-password"
              value={form.values.password}
              onChange={(e) => form.setField('password', e.target.value)}
              onBlur={() => form.blur('password')}
              error={form.errorOf('password')}
            />
            <label htmlFor="login-remember" className="label cursor-pointer gap-2 py-2 w-fit">
              <input
                id="login-remember"
                type="checkbox"
                className="checkbox checkbox-sm checkbox-primary"
                checked={form.values.rememberMe}
                onChange={(e) => form.setField('rememberMe', e.target.checked)}
              />
              <span className="text-base-content">{t('auth.login.rememberMe')}</span>
            </label>
            <button type="submit" className="btn btn-primary w-full mt-2" disabled={busy} aria-busy={busy}>
              {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {busy ? t('auth.login.submitting') : t('auth.login.submit')}
            </button>
          </form>

          {demo.length > 0 && (
            <section
              className="rounded-box border border-info/40 bg-info/10 p-3 text-sm"
              data-testid="demo-accounts"
              aria-labelledby="demo-accounts-title"
            >
              <h2 id="demo-accounts-title" className="font-semibold mb-1">
                {t('auth.login.demoTitle')}
              </h2>
              <ul className="space-y-1">
                {demo.map((a) => (
                  <li key={a.email} className="flex flex-wrap items-baseline gap-x-2">
                    <button
                      type="button"
                      className="link link-hover font-mono text-left"
                      onClick={() => form.setValues({ ...form.values, email: a.email, password: a.password })}
                      aria-label={t('auth.login.useDemo', { email: a.email })}
                    >
                      {a.email}
                    </button>
                    <span className="font-mono">{a.password}</span>
                    <span className="opacity-80">
                      (
                      {a.title === 'quarantine officer'
                        ? t('auth.roles.quarantineOfficer')
                        : t(`auth.roles.${a.role}`)}
                      )
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}

          <p className="text-center text-sm">
            {t('auth.login.noAccount')}{' '}
            <Link to="/auth/register" className="link link-primary">
              {t('auth.login.register')}
            </Link>
          </p>
        </div>
      </div>
    </main>
  );
}
