/// <reference lib="webworker" />
/**
 * Service worker (built by vite-plugin-pwa, injectManifest). Precaches the app shell so the
 * app opens offline; navigations get the cached shell, or /offline.html as a last resort.
 * API calls are never cached here: offline data lives in IndexedDB. Same-origin images go
 * through a runtime cache while the cacheImages setting is on, kept under maxCacheSize MB.
 * Pushes become notifications in the user's language (push-message.ts); a click focuses or
 * opens the screen the push names.
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { enforceCacheBudget, IMAGE_CACHE, isCacheableImage } from './image-cache.ts';
import { readSwPrefs, type SwPrefs, toSwPrefs, writeSwPrefs } from './prefs.ts';
import { NOTIFICATION_ICON, notificationFor } from './push-message.ts';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

let prefs: Promise<SwPrefs> = readSwPrefs();

// The first worker takes control of open pages at once, so the very first visit already works
// offline. An update still waits for the user (SKIP_WAITING from the update button).
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// The app shell: every navigation outside /api is answered with the precached index.html
// (the router draws the screen), online or not. A new version arrives as a service worker
// update, so the shell is never stale for long.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }));

// Cache first while cacheImages is on; each new entry trims the cache to maxCacheSize MB.
async function cachedImage(request: Request): Promise<Response> {
  const { cacheImages, maxCacheSize } = await prefs;
  if (!cacheImages) return fetch(request);
  const cache = await caches.open(IMAGE_CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
    await enforceCacheBudget(cache, maxCacheSize * 1024 * 1024);
  }
  return response;
}
registerRoute(
  ({ request }) => isCacheableImage(request, self.location.origin),
  ({ request }) => cachedImage(request),
);

// Last resort (the shell itself missing from the cache): the spec's offline page.
setCatchHandler(async ({ request }) => {
  if (request.destination === 'document') {
    return (await matchPrecache('offline.html')) ?? Response.error();
  }
  return Response.error();
});

async function applyPrefs(next: SwPrefs) {
  prefs = Promise.resolve(next);
  await writeSwPrefs(next);
  if (!next.cacheImages) await caches.delete(IMAGE_CACHE);
  else await enforceCacheBudget(await caches.open(IMAGE_CACHE), next.maxCacheSize * 1024 * 1024);
}

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  const type = typeof data === 'object' && data !== null && 'type' in data ? data.type : undefined;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === 'SYNC_NOW') void notifyClients('SYNC_NOW');
  if (type === 'SET_PREFS' && typeof data === 'object' && data !== null && 'prefs' in data) {
    event.waitUntil(applyPrefs(toSwPrefs(data.prefs)));
  }
});

// Background Sync (where supported): ask an open page to run the sync engine, which owns
// IndexedDB access and auth. Without an open page the next start-up syncs.
self.addEventListener('sync', (event: Event) => {
  const e = event as Event & { tag?: string; waitUntil(p: Promise<unknown>): void };
  if (e.tag === 'outbox-sync' || e.tag === 'pwa-settings-sync') e.waitUntil(notifyClients('SYNC_NOW'));
});

function pushData(event: PushEvent): unknown {
  try {
    return event.data?.json();
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  event.waitUntil(
    (async () => {
      const shown = notificationFor(pushData(event), (await prefs).locale);
      await self.registration.showNotification(shown.title, {
        body: shown.body,
        icon: NOTIFICATION_ICON,
        badge: NOTIFICATION_ICON,
        tag: shown.tag,
        data: { url: shown.url },
      });
      // An open page refreshes what the push is about (the mode, the notifications) at once.
      await notifyClients('PUSH_RECEIVED');
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const path = typeof data === 'object' && data !== null && 'url' in data ? String(data.url) : '/';
  const url = new URL(path, self.location.origin);
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === url.origin);
      if (open) {
        await open.focus();
        if (new URL(open.url).pathname !== url.pathname) await open.navigate(url.href);
        return;
      }
      await self.clients.openWindow(url.href);
    })(),
  );
});

// The push service replaced the subscription: subscribe again with the same key and let an open
// page save it (the page holds the login); without a page, the next start-up saves it.
self.addEventListener('pushsubscriptionchange', (event: Event) => {
  if (!(event instanceof ExtendableEvent)) return;
  const old = 'oldSubscription' in event ? event.oldSubscription : null;
  const key = old instanceof PushSubscription ? old.options.applicationServerKey : null;
  event.waitUntil(
    (async () => {
      if (key)
        await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      await notifyClients('PUSH_SUBSCRIPTION_CHANGED');
    })(),
  );
});

async function notifyClients(type: string) {
  const clients = await self.clients.matchAll({ type: 'window' });
  for (const client of clients) client.postMessage({ type });
}
