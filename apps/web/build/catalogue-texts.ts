/**
 * Vite plugin: `virtual:catalogue-texts/<lang>` is one language's share of the shared package's
 * message catalogues (validation messages, API error codes, info messages), as a flat
 * `{ 'dotted.key': text }` object. The catalogues keep the three languages of a message side by
 * side (packages/shared/src/i18n); the app loads only the language it shows, as it does for its
 * own texts (src/i18n/index.ts). Read when Vite starts: a dev server picks up a catalogue change
 * on its next start.
 */
import type { Plugin } from 'vite';
import type { LocalizedText } from '../../../packages/shared/src/domain/constants.ts';
import { errorCatalogue } from '../../../packages/shared/src/i18n/error-catalogue.ts';
import { infoMessages } from '../../../packages/shared/src/i18n/info-messages.ts';
import { validationMessages } from '../../../packages/shared/src/i18n/validation-messages.ts';

const PREFIX = 'virtual:catalogue-texts/';
const RESOLVED = `\0${PREFIX}`;
const CATALOGUES: readonly Readonly<Record<string, LocalizedText>>[] = [
  validationMessages,
  errorCatalogue,
  infoMessages,
];

const isLanguage = (lang: string): lang is keyof LocalizedText =>
  lang === 'vi' || lang === 'en' || lang === 'ja';

/** One language's texts of every catalogue, later catalogues winning on a shared key. */
function catalogueTexts(lang: keyof LocalizedText): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const catalogue of CATALOGUES)
    for (const [key, localized] of Object.entries(catalogue)) texts[key] = localized[lang];
  return texts;
}

export function catalogueTextsPlugin(): Plugin {
  return {
    name: 'bh-catalogue-texts',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const lang = id.slice(RESOLVED.length);
      if (!isLanguage(lang)) throw new Error(`no catalogue texts for language "${lang}"`);
      return `export default ${JSON.stringify(catalogueTexts(lang))};`;
    },
  };
}
