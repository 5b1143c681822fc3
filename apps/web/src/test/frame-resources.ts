/**
 * Texts only the signed-in frame shows (locales/<lang>/frame/*.json, one file per feature):
 * added to i18next when the frame's chunk loads, so they are not part of the login route's
 * JavaScript (its size budget is checked by scripts/bundle-size.mjs). Imported for its effect
 * by app/app-layout.tsx.
 */
import { isLocale, type Locale } from '@bh/shared';
import i18next from 'i18next';

type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<Tree>('./locales/*/frame/*.json', { eager: true, import: 'default' });

export function frameResources(): Record<Locale, Tree> {
  const resources: Record<Locale, Tree> = { vi: {}, en: {}, ja: {} };
  for (const [file, tree] of Object.entries(files)) {
    const m = /\.\/locales\/(\w+)\/frame\/([\w-]+)\.json$/.exec(file);
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
