// First: zod must be jitless before any schema is built (lib/zod-jitless.ts).
import './lib/zod-jitless.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadScreen } from './app/router.tsx';
import { startPwa } from './app/start-pwa.ts';
import { installAuthRefresh } from './features/auth/auth-client.ts';
import { installDeviceGuard } from './features/auth/device-guard.ts';
import { registerServiceWorker } from './features/pwa/register-sw.ts';
import { startI18n } from './i18n/index.ts';
import { getSession, subscribeSession } from './lib/session.ts';
import './styles.css';

// The user's language is loaded before the first render (Vietnamese is bundled).
const i18nReady = startI18n();
// The API client and the sync engine know the session from lib/; what a 401 does (one silent
// refresh through the refresh cookie) is the auth feature's, handed to the API client here.
installAuthRefresh();
// A revoked device wipes itself; one away from the server for N days signs in online only.
installDeviceGuard();
registerServiceWorker();
// Install prompt capture and persistent-storage request (after login) start with the app.
startPwa();
// The database layer, the settings' effects and the sync engine load once someone is logged
// in: the login screen does not download them. The effects start first, so that the autoSync
// setting gates the engine's first run.
const startSync = () =>
  void import('./features/pwa/settings-effects.ts')
    .then((m) => m.startSettingsEffects())
    .then(() => import('./sync/runtime.ts'))
    .then((m) => m.startSync());
if (getSession()) startSync();
else {
  const stop = subscribeSession(() => {
    if (!getSession()) return;
    stop();
    startSync();
  });
}
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The texts and the first screen's code load together; the first paint is that screen. No
// top-level await: the lazy chunks import the start chunk this module is part of
// (build/start-chunk.ts), and a start chunk still waiting on them would never finish loading.
// The first render is a transition: React renders it in slices of a few milliseconds and the
// page (already showing index.html's shell) stays responsive, where one render of the whole
// first screen was a long task (docs/decisions/013-measured-figures.md).
void Promise.all([i18nReady, preloadScreen(window.location.pathname)]).then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
