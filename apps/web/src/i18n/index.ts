/**
 * i18next set-up. Texts live in one JSON file per feature and language:
 * `locales/<lang>/<feature>.json`, reached as `t('<feature>.<key>')`. The shared package's
 * validation messages, error catalogue and fixed info messages are merged in, so the spec's exact texts live once.
 */
import {
  DEFAULT_LOCALE,
  errorCatalogue,
  infoMessages,
  isLocale,
  type Locale,
  STORAGE_KEYS,
  SUPPORTED_LOCALES,
  validationMessages,
} from '@bh/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export type { Locale } from '@bh/shared';

const LOCALE_KEY = STORAGE_KEYS.locale;

type Tree = { [key: string]: string | Tree };
// Vietnamese, the default language, is bundled with the app; English and Japanese are one chunk
// each, loaded when chosen (about 13 KB gzip less for the login screen).
const files: Record<string, unknown> = import.meta.glob<Tree>('./locales/vi/*.json', {
  eager: true,
  import: 'default',
});
const ON_DEMAND: Partial<Record<Locale, () => Promise<{ texts: Record<string, unknown> }>>> = {
  en: () => import('./bundles/en.ts'),
  ja: () => import('./bundles/ja.ts'),
};
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null;

function setPath(tree: Tree, dotted: string, value: string) {
  const parts = dotted.split('.');
  const leaf = parts.pop() ?? dotted;
  let node = tree;
  for (const part of parts) {
    const next = node[part];
    const child: Tree = typeof next === 'object' ? next : {};
    node[part] = child;
    node = child;
  }
  node[leaf] = value;
}

/** The supported locale a language tag names, else the default one. */
export function toLocale(language: string | undefined): Locale {
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

export function buildResources(): Record<Locale, Tree> {
  const resources: Record<Locale, Tree> = { vi: {}, en: {}, ja: {} };
  for (const [file, tree] of Object.entries(files)) {
    const m = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
    const [, lang, feature] = m ?? [];
    if (isLocale(lang) && feature && isTree(tree)) resources[lang][feature] = tree;
  }
  for (const catalogue of [validationMessages, errorCatalogue, infoMessages]) {
    for (const [key, texts] of Object.entries(catalogue)) {
      for (const lang of SUPPORTED_LOCALES) setPath(resources[lang], key, texts[lang]);
    }
  }
  return resources;
}

function detectLocale(): Locale {
  try {
    const stored = localStorage.getItem(LOCALE_KEY);
    if (isLocale(stored)) return stored;
  } catch {
    // storage unavailable: fall through to the browser language
  }
  for (const lang of navigator.languages ?? [navigator.language]) {
    const base = lang.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

/** Loads a language's texts (a no-op for the bundled one) and hands them to i18next. */
export async function loadLocale(locale: Locale) {
  const load = ON_DEMAND[locale];
  if (!load) return;
  const { texts } = await load();
  Object.assign(files, texts);
  if (i18next.isInitialized)
    i18next.addResourceBundle(locale, 'translation', buildResources()[locale], true, true);
}

export function setLocale(locale: Locale) {
  localStorage.setItem(LOCALE_KEY, locale);
  document.documentElement.lang = locale;
  void loadLocale(locale).then(() => i18next.changeLanguage(locale));
}

/** The app's start: the user's language is loaded before the first render. */
export async function startI18n() {
  const i18n = initI18n();
  await loadLocale(toLocale(i18n.language));
}

export function initI18n() {
  const lng = detectLocale();
  document.documentElement.lang = lng;
  void i18next.use(initReactI18next).init({
    resources: Object.fromEntries(
      Object.entries(buildResources()).map(([lang, tree]) => [lang, { translation: tree }]),
    ),
    lng,
    fallbackLng: false,
    supportedLngs: [...SUPPORTED_LOCALES],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return i18next;
}
