/**
 * i18next set-up. Texts live in one JSON file per feature and language:
 * `locales/<lang>/<feature>.json`, reached as `t('<feature>.<key>')`. The shared package's
 * validation messages, error catalogue and fixed info messages are merged in (one language's
 * share at a time, build/catalogue-texts.ts), so the spec's exact texts live once.
 *
 * Two groups of texts per language, so the login screen loads only what it shows:
 * - start texts: the signed-out screens' features (app, auth, offline, offlineSignIn) and the
 *   catalogues. Vietnamese, the default language, is bundled; English and Japanese are one
 *   chunk each (bundles/en.ts, bundles/ja.ts), loaded before the first render when chosen.
 * - screen texts: every other feature and the frame's (locales/<lang>/frame): one chunk per
 *   language (bundles/screens-<lang>.ts), loaded with the first screen that needs them
 *   (app/router.tsx: every screen but login and registration) and with each language switch
 *   after that.
 * - later texts: the back office's, the privacy, devices and app settings texts, and the device
 *   lock's (lock: the unlock screen, the idle lock setting, the login page's notices of a locked
 *   device) (LATER_FEATURES), which neither the list nor the home shows: one chunk per language
 *   (bundles/later-<lang>.ts), loaded with the screens and sections that show them (routes'
 *   `laterTexts`, loadLaterTexts).
 */

import viCatalogue from 'virtual:catalogue-texts/vi';
import { DEFAULT_LOCALE, isLocale, type Locale, STORAGE_KEYS, SUPPORTED_LOCALES } from '@bh/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setFormatLocale } from './format.ts';

export type { Locale } from '@bh/shared';

const LOCALE_KEY = STORAGE_KEYS.locale;

type Tree = { [key: string]: string | Tree };
/** A language's chunk of texts: its JSON files by path and, for start texts, its catalogue texts. */
type TextChunk = { texts: Record<string, unknown>; catalogue?: Record<string, string> };

// Keep this list in step with the other start-text globs (bundles/*.ts; i18n.test.ts checks them).
const files: Record<string, unknown> = import.meta.glob<Tree>(
  './locales/vi/{app,auth,offline,offlineSignIn}.json',
  {
    eager: true,
    import: 'default',
  },
);
const catalogues: Partial<Record<Locale, Record<string, string>>> = { vi: viCatalogue };
const START_TEXTS: Partial<Record<Locale, () => Promise<TextChunk>>> = {
  en: () => import('./bundles/en.ts'),
  ja: () => import('./bundles/ja.ts'),
};
const SCREEN_TEXTS: Record<Locale, () => Promise<TextChunk>> = {
  vi: () => import('./bundles/screens-vi.ts'),
  en: () => import('./bundles/screens-en.ts'),
  ja: () => import('./bundles/screens-ja.ts'),
};
/**
 * Features whose texts come in the later chunk (keep in step with bundles/later-*.ts and the
 * screens-*.ts exclusions; i18n.test.ts checks them).
 * @internal Exported for its tests only (knip --production).
 */
export const LATER_FEATURES = [
  'audit',
  'dataPrivacy',
  'demo-form',
  'devices',
  'lock',
  'pwa',
  'users',
] as const;
const LATER_TEXTS: Record<Locale, () => Promise<TextChunk>> = {
  vi: () => import('./bundles/later-vi.ts'),
  en: () => import('./bundles/later-en.ts'),
  ja: () => import('./bundles/later-ja.ts'),
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
    const m = /\/locales\/(\w+)\/(?:frame\/)?([\w-]+)\.json$/.exec(file);
    const [, lang, feature] = m ?? [];
    if (isLocale(lang) && feature && isTree(tree)) resources[lang][feature] = tree;
  }
  for (const lang of SUPPORTED_LOCALES) {
    for (const [key, text] of Object.entries(catalogues[lang] ?? {})) setPath(resources[lang], key, text);
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

/** Each chunk's texts are loaded once (a failed load is tried again on the next call). */
const loaded = new Map<() => Promise<TextChunk>, Promise<void>>();
function loadChunk(locale: Locale, load: (() => Promise<TextChunk>) | undefined): Promise<void> {
  if (!load) return Promise.resolve();
  let pending = loaded.get(load);
  if (!pending) {
    pending = load().then(({ texts, catalogue }) => {
      Object.assign(files, texts);
      if (catalogue) catalogues[locale] = catalogue;
      if (i18next.isInitialized)
        i18next.addResourceBundle(locale, 'translation', buildResources()[locale], true, true);
    });
    pending.catch(() => loaded.delete(load));
    loaded.set(load, pending);
  }
  return pending;
}

/** Set once a screen needed the screen texts: a language switch then loads them too. */
let screenTextsWanted = false;
/** Set once a screen or section needed the later texts: a language switch then loads them too. */
let laterTextsWanted = false;
/** The language shown, or being switched to (its texts may still be loading). */
let activeLocale: Locale = DEFAULT_LOCALE;

/** Loads a language's start texts (a no-op for the bundled one), and its screen texts once wanted. */
function loadLocale(locale: Locale): Promise<void> {
  return Promise.all([
    loadChunk(locale, START_TEXTS[locale]),
    screenTextsWanted ? loadChunk(locale, SCREEN_TEXTS[locale]) : undefined,
    laterTextsWanted ? loadChunk(locale, LATER_TEXTS[locale]) : undefined,
  ]).then(() => undefined);
}

/** The current language's screen texts (every screen but the signed-out ones waits for them). */
export function loadScreenTexts(): Promise<void> {
  screenTextsWanted = true;
  return loadChunk(activeLocale, SCREEN_TEXTS[activeLocale]);
}

/** The current language's later texts (the back office's and privacy screens and sections). */
export function loadLaterTexts(): Promise<void> {
  laterTextsWanted = true;
  return loadChunk(activeLocale, LATER_TEXTS[activeLocale]);
}

/**
 * Every text of every language (the tests read English and check all three).
 * @internal Exported for its tests only (knip --production).
 */
export function loadEveryText(): Promise<void> {
  screenTextsWanted = true;
  laterTextsWanted = true;
  return Promise.all(SUPPORTED_LOCALES.map((locale) => loadLocale(locale))).then(() => undefined);
}

export function setLocale(locale: Locale) {
  activeLocale = locale;
  localStorage.setItem(LOCALE_KEY, locale);
  document.documentElement.lang = locale;
  setFormatLocale(locale);
  void loadLocale(locale).then(() => i18next.changeLanguage(locale));
}

/** The app's start: the user's language is loaded before the first render. */
export async function startI18n() {
  const i18n = initI18n();
  await loadLocale(toLocale(i18n.language));
}

export function initI18n() {
  const lng = detectLocale();
  activeLocale = lng;
  document.documentElement.lang = lng;
  setFormatLocale(lng);
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
