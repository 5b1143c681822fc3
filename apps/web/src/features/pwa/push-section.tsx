/**
 * Push notifications, following the permission state: "enable" (permission default), "subscribe"
 * (granted, not subscribed), subscribed with "unsubscribe", a denied badge, or "not available"
 * when the browser lacks push. Failures are shown, not only logged.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertLine } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import {
  currentSubscription,
  fetchPublicKey,
  pushSupported,
  subscribePush,
  unsubscribePush,
} from './push-client.ts';

type KeyState = 'loading' | 'unreachable' | { key: string };

export function PushSection() {
  const { t } = useTranslation();
  const supported = pushSupported();
  const [permission, setPermission] = useState<NotificationPermission>(() =>
    supported ? Notification.permission : 'default',
  );
  const [key, setKey] = useState<KeyState>('loading');
  const [subscribed, setSubscribed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    fetchPublicKey()
      .then((r) => live && setKey({ key: r.publicKey }))
      .catch(() => live && setKey('unreachable'));
    void currentSubscription().then((sub) => live && setSubscribed(sub !== null));
    return () => {
      live = false;
    };
  }, [supported]);

  const enable = async () => {
    setError(null);
    try {
      setPermission(await Notification.requestPermission());
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  const act = async (fn: () => Promise<void>, next: boolean) => {
    if (!navigator.onLine) {
      setError(t('sync.errors.pushSubscriptionOffline'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await fn();
      setSubscribed(next);
    } catch (err) {
      // A browser refusal (no push service, blocked) is named by the browser after our sentence.
      setError(
        err instanceof ApiError
          ? t(`errors.${err.code}`, { defaultValue: err.message })
          : `${t('pwa.push.failed')} ${err instanceof Error ? err.message : String(err)}`,
      );
    } finally {
      setBusy(false);
    }
  };

  let body: React.ReactNode;
  if (!supported) {
    body = <Badge variant="ghost">{t('pwa.push.notAvailable')}</Badge>;
  } else if (key === 'loading') {
    body = <Spinner size="sm" label={t('pwa.loading')} />;
  } else if (permission === 'denied') {
    body = <Badge variant="error">{t('pwa.push.denied')}</Badge>;
  } else if (permission === 'default') {
    body = (
      <button type="button" className="btn btn-sm btn-primary" onClick={() => void enable()}>
        {t('pwa.push.enable')}
      </button>
    );
  } else if (subscribed) {
    body = (
      <span className="flex items-center gap-2">
        <Badge variant="success">{t('pwa.push.subscribed')}</Badge>
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          disabled={busy}
          onClick={() => void act(unsubscribePush, false)}
          data-testid="push-unsubscribe"
        >
          {t('pwa.push.unsubscribe')}
        </button>
      </span>
    );
  } else {
    const publicKey = typeof key === 'object' ? key.key : null;
    body = (
      <button
        type="button"
        className="btn btn-sm btn-primary"
        disabled={busy || publicKey === null}
        onClick={() => publicKey && void act(() => subscribePush(publicKey), true)}
        data-testid="push-subscribe"
      >
        {t('pwa.push.subscribe')}
      </button>
    );
  }

  return (
    <div className="flex flex-col gap-1" data-testid="push-section">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{t('pwa.push.title')}</span>
        {body}
      </div>
      {key === 'unreachable' && supported && (
        <p className="text-xs opacity-70">{t('pwa.push.unreachable')}</p>
      )}
      <AlertLine message={error} />
    </div>
  );
}
