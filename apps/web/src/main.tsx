import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { registerServiceWorker } from './features/pwa/register-sw.ts';
import { startPwa } from './features/pwa/start-pwa.ts';
import { initI18n } from './i18n/index.ts';
import './styles.css';

initI18n();
registerServiceWorker();
// Install prompt capture and persistent-storage request (after login) start with the app.
startPwa();
// The sync engine loads after the first paint, outside the login route's chunk.
void import('./sync/runtime.ts').then((m) => m.startSync());
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
