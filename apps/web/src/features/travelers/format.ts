import { type Airport, type Country, pickLocale } from '@bh/shared';
import { countryLabel } from '../../i18n/countries.ts';
import { formatDate as formatAppDate } from '../../i18n/format.ts';

/** A 'YYYY-MM-DD' day in the app's one date format; '' stays ''. */
export function formatDate(iso: string | null | undefined): string {
  return iso ? formatAppDate(iso.slice(0, 10)) : '';
}

/**
 * Country name in the current language from Intl.DisplayNames (every ISO country, not only the
 * reference list's); the code when unknown. The reference list is accepted for the callers'
 * sake but no longer consulted.
 */
export function countryName(_countries: readonly Country[], code: string, locale: string): string {
  return countryLabel(code, locale);
}

/** An airport code with its city in the language ("NRT – Tokyo"); the code alone when unknown. */
export function airportName(airports: readonly Airport[], code: string, locale: string): string {
  const found = airports.find((a) => a.code === code);
  return found ? `${code} – ${pickLocale(found.city, locale)}` : code;
}
