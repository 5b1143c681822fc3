/**
 * Push notifications: enable (permission default), subscribe (granted), a denied badge, or
 * "not available" when the browser lacks push or the server has no application key
 * (GET /api/push/public-key answers 404). Failures are shown, not only logged.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertLine } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError, api } from '../../lib/api.ts';

type KeyState = 'loading' | 'missing' | 'unreachable' | { key: string };

const pushSupported = () =>
  typeof window !== 'undefined' &&
  'Notification' in window &&
  'serviceWorker' in navigator &&
  'PushManager' in window;

function urlBase64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const padded = (base64 + '='.repeat((4 - (base64.length % 4)) % 4))
    .replaceAll('-', '+')
    .replaceAll('_', '/');
  const raw = atob(padded);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

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
    api
      .get<{ publicKey: string }>('/api/push/public-key')
      .then((r) => live && setKey({ key: r.publicKey }))
      .catch((err: unknown) => {
        if (!live) return;
        setKey(err instanceof ApiError && err.status === 404 ? 'missing' : 'unreachable');
      });
    void navigator.serviceWorker
      .getRegistration()
      .then((reg) => reg?.pushManager.getSubscription())
      .then((sub) => live && setSubscribed(Boolean(sub)));
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

  const subscribe = async () => {
    if (typeof key !== 'object') return;
    if (!navigator.onLine) {
      setError(t('sync.errors.pushSubscriptionOffline'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const reg = await navigator.serviceWorker.ready;
      const sub = await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: urlBase64ToBytes(key.key),
      });
      await api.post('/api/push-subscriptions', {
        subscription: sub.toJSON(),
        userAgent: navigator.userAgent.slice(0, 512),
        timestamp: new Date().toISOString(),
      });
      setSubscribed(true);
    } catch (err) {
      setError(
        err instanceof ApiError ? t(`errors.${err.code}`, { defaultValue: err.message }) : String(err),
      );
    } finally {
      setBusy(false);
    }
  };

  let body: React.ReactNode;
  if (!supported || key === 'missing') {
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
    body = <Badge variant="success">{t('pwa.push.subscribed')}</Badge>;
  } else {
    body = (
      <button
        type="button"
        className="btn btn-sm btn-primary"
        disabled={busy || key === 'unreachable'}
        onClick={() => void subscribe()}
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
