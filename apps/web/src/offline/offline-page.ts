/**
 * The offline page (offline.html, the service worker's last resort): the app's stylesheet (no
 * inline styles, which the CSP forbids), texts from the app's offline.json in the stored language
 * (vi by default), the stored theme, Retry (reload) and Home.
 */
import { DEFAULT_LOCALE, isLocale, STORAGE_KEYS, THEMES } from '@bh/shared';
import en from '../i18n/locales/en/offline.json';
import ja from '../i18n/locales/ja/offline.json';
import vi from '../i18n/locales/vi/offline.json';
import { storage } from '../lib/storage.ts';
import '../styles.css';

const TEXTS = { vi, en, ja };
const stored = storage.get(STORAGE_KEYS.locale);
const locale = isLocale(stored) ? stored : DEFAULT_LOCALE;
const texts = TEXTS[locale];
const theme = THEMES.find((t) => t === storage.get(STORAGE_KEYS.theme));

document.documentElement.lang = locale;
if (theme) document.documentElement.dataset.theme = theme;
document.title = `${texts.title} – ${document.title.split(' – ').pop() ?? ''}`;
for (const id of ['title', 'description', 'note', 'retry', 'home'] as const) {
  const el = document.getElementById(id);
  if (el) el.textContent = texts[id];
}
document.getElementById('retry')?.addEventListener('click', () => window.location.reload());
