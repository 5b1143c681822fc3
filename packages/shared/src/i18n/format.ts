/**
 * Looking up and formatting the messages of this package (i18next-style {{name}} placeholders).
 */
import { DEFAULT_LOCALE, isLocale } from '../domain/constants.ts';
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
