/**
 * i18next set-up. Texts live in one JSON file per feature and language:
 * `locales/<lang>/<feature>.json`, reached as `t('<feature>.<key>')`. The shared package's
 * validation messages, error catalogue and fixed info messages are merged in, so the spec's exact texts live once.
 */
import { errorCatalogue, infoMessages, SUPPORTED_LOCALES, validationMessages } from '@bh/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const LOCALE_KEY = 'app-locale';

type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });

function setPath(tree: Tree, dotted: string, value: string) {
  const parts = dotted.split('.');
  let node = tree;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next !== 'object') node[part] = {};
    node = node[part] as Tree;
  }
  node[parts.at(-1)!] = value;
}

export function buildResources(): Record<Locale, Tree> {
  const resources = { vi: {}, en: {}, ja: {} } as Record<Locale, Tree>;
  for (const [file, tree] of Object.entries(files)) {
    const m = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
    if (!m) continue;
    const lang = m[1] as Locale;
    if (resources[lang]) resources[lang][m[2]!] = tree;
  }
  for (const catalogue of [validationMessages, errorCatalogue, infoMessages]) {
    for (const [key, texts] of Object.entries(catalogue)) {
      for (const lang of SUPPORTED_LOCALES) setPath(resources[lang], key, texts[lang]);
    }
  }
  return resources;
}

export function detectLocale(): Locale {
  try {
    const stored = localStorage.getItem(LOCALE_KEY);
    if (stored && (SUPPORTED_LOCALES as readonly string[]).includes(stored)) return stored as Locale;
  } catch {
    // storage unavailable: fall through to the browser language
  }
  for (const lang of navigator.languages ?? [navigator.language]) {
    const base = lang.toLowerCase().split('-')[0];
    if ((SUPPORTED_LOCALES as readonly string[]).includes(base ?? '')) return base as Locale;
  }
  return 'vi';
}

export function setLocale(locale: Locale) {
  localStorage.setItem(LOCALE_KEY, locale);
  document.documentElement.lang = locale;
  void i18next.changeLanguage(locale);
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
