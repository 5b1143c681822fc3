import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { registerServiceWorker } from './features/pwa/register-sw.ts';
import { initI18n } from './i18n/index.ts';
import './styles.css';

initI18n();
registerServiceWorker();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
