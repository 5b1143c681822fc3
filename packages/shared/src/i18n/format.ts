/**
 * Looking up and formatting the messages of this package (i18next-style {{name}} placeholders).
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../domain/constants.ts';
import { errorCatalogue } from './error-catalogue.ts';
import { infoMessages } from './info-messages.ts';
import { validationMessages } from './validation-messages.ts';

export type MessageParams = Readonly<Record<string, string | number>>;

/** Replaces {{name}} placeholders; unknown placeholders are left as they are. */
export function interpolate(template: string, params: MessageParams = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => {
    const value = params[name];
    return value === undefined ? match : String(value);
  });
}

/**
 * Text of a key of validationMessages, errorCatalogue or infoMessages in a locale (default vi),
 * interpolated. Returns the key itself when it is unknown, as i18next does.
 */
export function formatMessage(key: string, locale: string = DEFAULT_LOCALE, params?: MessageParams): string {
  const text = validationMessages[key] ?? errorCatalogue[key] ?? infoMessages[key];
  if (!text) return key;
  return interpolate(text[isLocale(locale) ? locale : DEFAULT_LOCALE], params);
}

/**
 * The language a request asks for: an explicit choice (a `lang` query parameter) when it is a
 * supported locale, else the first supported language of an Accept-Language header (by its
 * q-weights), else the default (vi).
 */
export function requestLocale(explicit: unknown, acceptLanguage?: string | string[]): Locale {
  if (isLocale(explicit)) return explicit;
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const r of ranked) if (isLocale(r.lang)) return r.lang;
  return DEFAULT_LOCALE;
}
