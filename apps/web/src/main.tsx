import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { installAuthRefresh } from './features/auth/auth-client.ts';
import { registerServiceWorker } from './features/pwa/register-sw.ts';
import { startPwa } from './features/pwa/start-pwa.ts';
import { initI18n } from './i18n/index.ts';
import './styles.css';

initI18n();
// The API client and the sync engine know the session from lib/; what a 401 does (one silent
// refresh through the refresh cookie) is the auth feature's, handed to the API client here.
installAuthRefresh();
registerServiceWorker();
// Install prompt capture and persistent-storage request (after login) start with the app.
startPwa();
// The sync engine loads after the first paint, outside the login route's chunk.
void import('./sync/runtime.ts').then((m) => m.startSync());
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
