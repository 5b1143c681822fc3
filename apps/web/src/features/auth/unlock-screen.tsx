/**
 * The unlock screen (docs/decisions/016-encryption-at-rest.md): shown instead of any screen while
 * the session is valid but the device is locked (after a page load, or the idle lock). The
 * password opens the device's wrapped key; with none kept here (or another password since), an
 * online sign-in gets it from the server's escrow. A wrong password leaves the device locked.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { ApiError } from '../../lib/api.ts';
import type { SessionUser } from '../../lib/session.ts';
import { requestLogin, startSession } from './auth-client.ts';
import { unlockAfterSignIn, unlockWithPassword } from './device-unlock.ts';

/** The password opens the wrapped key; else, online, a sign-in gets the escrowed one. */
async function unlock(user: SessionUser, password: string): Promise<boolean> {
  if (await unlockWithPassword(user, password)) return true;
  try {
    const session = await requestLogin(user.email, password, false);
    if (session.user.id !== user.id) return false;
    if (!(await unlockAfterSignIn(session.user, session.token, password))) return false;
    startSession(session);
    return true;
  } catch (err) {
    if (err instanceof ApiError) return false;
    throw err;
  }
}

export default function UnlockScreen({ user, onLogout }: { user: SessionUser; onLogout: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [wrong, setWrong] = useState(false);
  const [pending, setPending] = useState(0);
  useEffect(() => {
    let live = true;
    void import('../../db/device-wipe.ts')
      .then((m) => m.unsentChanges())
      .then((n) => live && setPending(n))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setWrong(false);
    const ok = await unlock(user, password).catch(() => false);
    setBusy(false);
    if (!ok) {
      setWrong(true);
      setPassword('');
    }
  };

  return (
    // The signed-out screens' card (auth-card.tsx), drawn here: sharing the module would split it
    // from the login page's chunk into one more request on the login route.
    <main className="min-h-screen bg-base-200 flex items-start sm:items-center justify-center p-4 pt-[8vh] sm:pt-4">
      <div className="card w-full max-w-md bg-base-100 shadow-xl">
        <div className="card-body gap-3" data-testid="unlock-screen">
          <h1 className="text-2xl font-bold text-center">{t('lock.title')}</h1>
          <p>{t('lock.body', { email: user.email })}</p>
          {pending > 0 && (
            <p className="text-sm" data-testid="unlock-pending">
              {t('lock.pending', { count: pending })}
            </p>
          )}
          {wrong && (
            <Alert tone="error" data-testid="unlock-error">
              {t('lock.wrongPassword')}
            </Alert>
          )}
          <form className="flex flex-col gap-3" onSubmit={(e) => void onSubmit(e)}>
            <label htmlFor={`${id}-password`} className="text-sm font-medium">
              {t('lock.password')}
            </label>
            <input
              id={`${id}-password`}
              type="password"
              className="input w-full min-h-11"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              data-testid="unlock-password"
              required
            />
            <button
              type="submit"
              className="btn btn-primary min-h-11"
              disabled={busy}
              data-testid="unlock-submit"
            >
              {busy ? t('lock.unlocking') : t('lock.unlock')}
            </button>
            <button
              type="button"
              className="btn btn-ghost min-h-11"
              onClick={onLogout}
              data-testid="unlock-logout"
            >
              {t('lock.logout')}
            </button>
          </form>
        </div>
      </div>
    </main>
  );
}
