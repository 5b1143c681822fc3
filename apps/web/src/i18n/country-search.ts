/**
 * The country search of the country picker (components/ui/country-combobox.tsx), apart from
 * countries.ts so the list screen, which only names countries, does not load it.
 */
import { searchKey } from '@bh/shared';
import { type CountryOption, countryLabel } from './countries.ts';

/** A country with what the search reads: its name in the language and in English, folded. */
export interface SearchableCountry extends CountryOption {
  search?: readonly string[];
}

/** The options with their folded names in the language and in English (foldCountry). */
export function searchableCountries(options: readonly CountryOption[]): SearchableCountry[] {
  return options.map((option) => ({
    ...option,
    search: [foldCountry(option.name), foldCountry(countryLabel(option.code, 'en'))],
  }));
}

/**
 * Text as the country search compares it: the name search's fold (@bh/shared search-fold: case,
 * accents and marks forgiven, đ as d, full-width letters as ASCII), runs of spaces as one
 * ("Thụy Điển" and "thuy  dien" are equal).
 */
export function foldCountry(text: string): string {
  return searchKey(text).replace(/\s+/g, ' ');
}

/**
 * The countries matching what was typed: its name in the language or in English contains it
 * (accent- and case-insensitive), or it is the country's two-letter code or three-letter
 * passport code ("SE", "SWE", read by `alpha2FromAlpha3`). That code comes first, then names
 * starting with it, then names with a word starting with it, then the rest, each in the list's
 * order. Everything for an empty text.
 */
export function filterCountries(
  options: readonly SearchableCountry[],
  typed: string,
  alpha2FromAlpha3: (code: string) => string | null = () => null,
): SearchableCountry[] {
  const query = foldCountry(typed);
  if (query === '') return [...options];
  const upper = query.toUpperCase();
  const byCode = query.length === 2 ? upper : query.length === 3 ? alpha2FromAlpha3(upper) : null;
  const ranked: [rank: number, option: SearchableCountry][] = [];
  for (const option of options) {
    const names = option.search ?? [foldCountry(option.name)];
    let rank = 3;
    for (const name of names) {
      if (name.startsWith(query)) rank = Math.min(rank, 0);
      else if (name.includes(` ${query}`) || name.includes(`(${query}`)) rank = Math.min(rank, 1);
      else if (name.includes(query)) rank = Math.min(rank, 2);
    }
    if (option.code === byCode) rank = -1;
    if (rank < 3) ranked.push([rank, option]);
  }
  return ranked.sort((a, b) => a[0] - b[0]).map(([, option]) => option);
}
