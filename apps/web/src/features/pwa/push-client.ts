/**
 * This browser's push subscription and the server's copy of it: subscribe (save it with POST
 * /api/push-subscriptions), unsubscribe (DELETE, then drop it in the browser), save it again after
 * each login and when the service worker reports a new one (pushsubscriptionchange), and drop it
 * at logout so the next user of this device does not get the previous one's pushes.
 */
import type { PushPublicKey, PushSubscriptionDeleted, PushSubscriptionSaved } from '@bh/shared';
import { api } from '../../lib/api.ts';
import { getSession, subscribeSession } from '../../lib/session.ts';
import { onBeforeLogout } from '../auth/auth-client.ts';

export const pushSupported = () =>
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

export const fetchPublicKey = () => api.get<PushPublicKey>('/api/push/public-key');

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

async function save(subscription: PushSubscription) {
  await api.post<PushSubscriptionSaved>('/api/push-subscriptions', {
    subscription: subscription.toJSON(),
    userAgent: navigator.userAgent.slice(0, 512),
    timestamp: new Date().toISOString(),
  });
}

/** Subscribes this browser with the server's key and saves the subscription. */
export async function subscribePush(publicKey: string): Promise<void> {
  const reg = await navigator.serviceWorker.ready;
  const subscription = await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: urlBase64ToBytes(publicKey),
  });
  await save(subscription);
}

/** Removes the server's copy (while logged in and online) and the browser's subscription. */
export async function unsubscribePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  if (getSession() && navigator.onLine) {
    await api
      .delete<PushSubscriptionDeleted>('/api/push-subscriptions', {
        body: { endpoint: subscription.endpoint },
      })
      .catch(() => {});
  }
  await subscription.unsubscribe();
}

/** Saves the existing subscription again (after login or a pushsubscriptionchange). */
async function refresh() {
  if (!getSession() || !navigator.onLine || Notification.permission !== 'granted') return;
  const subscription = await currentSubscription();
  if (subscription) await save(subscription).catch(() => {});
}

let started = false;
export function startPushLifecycle() {
  if (started || !pushSupported()) return;
  started = true;
  let loggedIn = getSession() !== null;
  subscribeSession(() => {
    const now = getSession() !== null;
    if (now && !loggedIn) void refresh();
    loggedIn = now;
  });
  navigator.serviceWorker.addEventListener('message', (e: MessageEvent<{ type?: string }>) => {
    if (e.data?.type === 'PUSH_SUBSCRIPTION_CHANGED') void refresh();
  });
  onBeforeLogout(unsubscribePush);
  void refresh();
}
