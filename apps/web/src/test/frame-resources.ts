/**
 * For component tests: adds the texts only the signed-in frame shows (i18n/locales/<lang>/frame/*.json,
 * one file per feature) to i18next, as the app's screens load them with their code (i18n/index.ts).
 * Imported for its effect.
 */
import { isLocale, type Locale } from '@bh/shared';
import i18next from 'i18next';

type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<Tree>('../i18n/locales/*/frame/*.json', { eager: true, import: 'default' });

export function frameResources(): Record<Locale, Tree> {
  const resources: Record<Locale, Tree> = { vi: {}, en: {}, ja: {} };
  for (const [file, tree] of Object.entries(files)) {
    const m = /\/locales\/(\w+)\/frame\/([\w-]+)\.json$/.exec(file);
    const [, lang, feature] = m ?? [];
    if (isLocale(lang) && feature) resources[lang][feature] = tree;
  }
  return resources;
}

function addFrameResources() {
  for (const [lang, tree] of Object.entries(frameResources())) {
    i18next.addResourceBundle(lang, 'translation', tree, true, true);
  }
}

// The app initialises i18next before the frame loads; a test may import this first.
if (i18next.isInitialized) addFrameResources();
else i18next.on('initialized', addFrameResources);
