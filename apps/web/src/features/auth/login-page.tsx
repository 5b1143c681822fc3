/**
 * Login screen: heading, welcome text, e-mail, password, remember me, a busy submit label, error
 * and success alerts, the demo accounts (the shared DEMO_ACCOUNTS, listed only when
 * GET /api/auth/demo says the server runs in demo mode; the server never sends a password) and a
 * link to registration. Kept light: it is the first screen most users load.
 */
import { DEMO_ACCOUNTS, type DemoAccount, isDemoMode, type LoginForm, type SessionUser } from '@bh/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorText } from '../../components/form/field-error.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { loadLaterTexts } from '../../i18n/index.ts';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { LOCKED_FOR_KEY } from '../../lib/device-lock.ts';
import { AuthCard, AuthSwitch } from './auth-card.tsx';
import { requestLogin, startSession, useSessionExpiredNotice } from './auth-client.ts';
import { AuthCheckbox, AuthField } from './auth-field.tsx';
import { AuthForm } from './auth-form.tsx';
import { clearDeviceNotice, type DeviceNotice, lockedNotice, useDeviceNotice } from './device-guard.ts';
import { holdForRenewal, OFFLINE_TOKEN } from './offline-session.ts';
import { setPostChoiceWanted } from './post-choice.ts';
import { type Notice, rateLimitNotice } from './rate-limit-notice.ts';

// The verifier (PBKDF2 and its stored form) loads only when a sign-in needs it.
const verifier = () => import('./offline-verifier.ts');
// The shared schemas (and zod) load when the form is first focused (or checked): evaluating
// them is a task the screen's start no longer waits behind (docs/decisions/013-measured-figures.md).
const checks = () => import('./login-checks.ts');
// The device's keys (WebCrypto, the escrow): loaded as the form is first used, needed at submit.
const unlocking = () => import('./device-unlock.ts');
const loadChecks = () => void Promise.all([checks(), unlocking()]).catch(() => {});
const loginResolver: Resolver<LoginForm> = async (...args) => (await checks()).loginResolver(...args);
// Whose changes wait on a device locked at logout: shown only then, loaded only then.
const LockedForNotice = lazy(() =>
  Promise.all([import('./locked-for-notice.tsx'), loadLaterTexts()]).then(([m]) => m),
);
const lockedAtLogout = () => {
  try {
    return localStorage.getItem(LOCKED_FOR_KEY) !== null;
  } catch {
    return false;
  }
};

/** The device lock's notices are later texts (lock.*, i18n/index.ts): loaded when one is shown. */
const lockTexts = () => loadLaterTexts().catch(() => {});

/** Shown long enough to read the success alert; not the spec's simulated delay. */
const SUCCESS_PAUSE_MS = 400;

function errorKey(err: unknown): Notice {
  const limited = rateLimitNotice(err, 'auth.login.rateLimited');
  if (limited) return limited;
  if (err instanceof ApiError) {
    if (err.status === 401 || err.status === 400) return { key: 'auth.loginError' };
    if (err.isNetwork) return { key: 'auth.login.offline' };
  }
  return { key: 'auth.loginServerError' };
}

/** Why the device's last session ended: revoked and wiped, or locked after N days away. */
function DeviceNoticeAlert({ notice }: { notice: NonNullable<DeviceNotice> }) {
  const { t } = useTranslation();
  if (notice.kind === 'locked') {
    return (
      <Alert tone="warning" data-testid="device-notice" data-kind="locked">
        {t('offlineSignIn.deviceLocked', { count: notice.days })}
      </Alert>
    );
  }
  return (
    <Alert tone="error" data-testid="device-notice" data-kind="revoked">
      {t('offlineSignIn.deviceRevoked')}
      {notice.lostChanges > 0 && ` ${t('offlineSignIn.changesLost', { count: notice.lostChanges })}`}
    </Alert>
  );
}

/** The demo accounts, listed only when the server says it runs in demo mode. */
function useDemoAccounts(): readonly DemoAccount[] {
  const [demo, setDemo] = useState<readonly DemoAccount[]>([]);
  useEffect(() => {
    if (!navigator.onLine) return;
    let live = true;
    apiRequest<unknown>('/api/auth/demo', { noRefresh: true, timeoutMs: 5_000 })
      .then((answer) => {
        if (live) setDemo(isDemoMode(answer) ? DEMO_ACCOUNTS : []);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return demo;
}

/** The text inputs of the form, in order, with what the browser needs to fill them in. */
const LOGIN_FIELDS = [
  { name: 'email', type: 'email', autoComplete: 'username', inputMode: 'email' },
  { name: 'password', type: 'password', autoComplete: 'current-password' },
] as const;

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { register, handleSubmit, setValue, formState } = useForm<LoginForm>({
    resolver: loginResolver,
    mode: 'all',
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const errorOf = useErrorText(formState.errors);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Notice | null>(null);
  const [success, setSuccess] = useState<'online' | 'offline' | null>(null);
  const expired = useSessionExpiredNotice();
  const [lockedFor] = useState(lockedAtLogout);
  const device = useDeviceNotice();
  const demo = useDemoAccounts();

  const onSubmit = handleSubmit(async (values) => {
    setBusy(true);
    const enter = (session: { user: SessionUser; token: string }) => {
      setTimeout(() => {
        clearDeviceNotice();
        startSession(session);
        // '/' leads to the home screen of the route table (the dashboard).
        navigate('/', { replace: true });
      }, SUCCESS_PAUSE_MS);
    };
    // Another officer's unsent changes may hold the device (docs/decisions/016-encryption-at-rest.md).
    const keys = await unlocking().catch(() => null);
    const refused: Notice | null = keys ? keys.refusedHere(values.email) : { key: 'auth.login.offline' };
    if (keys === null || refused) {
      await lockTexts();
      setError(refused);
      setBusy(false);
      return;
    }
    try {
      const session = await requestLogin(values.email, values.password, values.rememberMe ?? false);
      // The device's data key (escrow, else the wrapped copy): no key, no entry.
      const notice = await keys.unlockSignedIn(session.user, values.password, session.token);
      if (notice) {
        await lockTexts();
        setError(notice);
        setBusy(false);
        return;
      }
      setSuccess('online');
      // An officer at several posts picks one before working (app/shell/post-picker.tsx).
      const { role, posts } = session.scope;
      setPostChoiceWanted((role === 'officer' || role === 'supervisor') && posts.length > 1);
      // Kept for the next sign-in without network (offline-verifier.ts); never blocks this one.
      void verifier()
        .then((v) => v.saveOfflineVerifier(values.email, values.password, session.user))
        .catch(() => {});
      enter(session);
    } catch (err) {
      // Past N days without reaching the server the device signs in online only.
      const locked = err instanceof ApiError && err.isNetwork ? lockedNotice() : null;
      if (locked?.kind === 'locked') {
        setError({ key: 'offlineSignIn.deviceLocked', params: { count: locked.days } });
        setBusy(false);
        return;
      }
      const user =
        err instanceof ApiError && err.isNetwork
          ? await verifier()
              .then((v) => v.verifyOffline(values.email, values.password))
              .catch(() => null)
          : null;
      const notice = user && (await keys.unlockSignedIn(user, values.password));
      if (notice) {
        await lockTexts();
        setError(notice);
        setBusy(false);
        return;
      }
      if (user) {
        holdForRenewal(values.email, values.password);
        setPostChoiceWanted(false);
        setSuccess('offline');
        enter({ user, token: OFFLINE_TOKEN });
        return;
      }
      setError(errorKey(err));
      setBusy(false);
    }
  });
  const fillDemo = (account: DemoAccount) => {
    setValue('email', account.email);
    setValue('password', account.password);
  };

  return (
    <AuthCard title={t('auth.login.title')}>
      <p className="text-center text-base-content/70">{t('auth.login.welcome')}</p>

      {lockedFor && !success && (
        <Suspense fallback={null}>
          <LockedForNotice />
        </Suspense>
      )}
      {device && !success && <DeviceNoticeAlert notice={device} />}
      {expired && !device && !error && !success && <Alert tone="warning">{t('auth.sessionExpired')}</Alert>}
      {success && (
        <Alert tone="success" data-testid="login-success" data-mode={success}>
          {success === 'offline' ? t('offlineSignIn.signedInOffline') : t('auth.loginSuccess')}
        </Alert>
      )}

      <AuthForm
        name="login"
        error={error}
        busy={busy}
        onSubmit={onSubmit}
        onStart={() => setError(null)}
        onFocus={loadChecks}
      >
        {LOGIN_FIELDS.map(({ name, ...input }) => (
          <AuthField
            key={name}
            id={`login-${name}`}
            label={t(`auth.login.${name}`)}
            {...input}
            {...register(name)}
            error={errorOf(name)}
          />
        ))}
        <AuthCheckbox
          id="login-remember"
          label={t('auth.login.rememberMe')}
          labelClassName="w-fit"
          {...register('rememberMe')}
        />
      </AuthForm>

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
                  onClick={() => fillDemo(a)}
                  aria-label={t('auth.login.useDemo', { email: a.email })}
                >
                  {a.email}
                </button>
                <span className="font-mono">{a.password}</span>
                <span className="opacity-80">
                  (
                  {a.title === 'quarantine officer'
                    ? t('auth.roles.quarantineOfficer')
                    : t(`auth.roles.${a.duty ?? a.role}`)}
                  )
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <AuthSwitch to="register" />
    </AuthCard>
  );
}
