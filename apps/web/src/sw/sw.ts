/// <reference lib="webworker" />
/**
 * Service worker (built by vite-plugin-pwa, injectManifest). Precaches the app shell so the
 * app opens offline; navigations get the cached shell, or /offline.html as a last resort.
 * API calls are never cached here: offline data lives in IndexedDB.
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The first worker takes control of open pages at once, so the very first visit already works
// offline. An update still waits for the user (SKIP_WAITING from the update button).
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// The app shell: every navigation outside /api is answered with the precached index.html
// (the router draws the screen), online or not. A new version arrives as a service worker
// update, so the shell is never stale for long.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }));

// Last resort (the shell itself missing from the cache): the spec's offline page.
setCatchHandler(async ({ request }) => {
  if (request.destination === 'document') {
    return (await matchPrecache('offline.html')) ?? Response.error();
  }
  return Response.error();
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | undefined;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'SYNC_NOW') void notifyClients('SYNC_NOW');
});

// Background Sync (where supported): ask an open page to run the sync engine, which owns
// IndexedDB access and auth. Without an open page the next start-up syncs.
self.addEventListener('sync', (event: Event) => {
  const e = event as Event & { tag?: string; waitUntil(p: Promise<unknown>): void };
  if (e.tag === 'outbox-sync' || e.tag === 'pwa-settings-sync') e.waitUntil(notifyClients('SYNC_NOW'));
});

self.addEventListener('push', (event) => {
  const payload = (() => {
    try {
      return (event.data?.json() ?? {}) as { title?: string; body?: string };
    } catch {
      return { title: event.data?.text() };
    }
  })();
  event.waitUntil(
    self.registration.showNotification(payload.title ?? 'Kiểm dịch biên giới', {
      body: payload.body,
      icon: '/pwa-192x192.png',
    }),
  );
});

async function notifyClients(type: string) {
  const clients = await self.clients.matchAll({ type: 'window' });
  for (const client of clients) client.postMessage({ type });
}
