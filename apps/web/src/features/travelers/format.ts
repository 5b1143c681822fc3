import { type Country, pickLocale } from '@bh/shared';

/** 'YYYY-MM-DD' as the spec's vi-VN date (dd/mm/yyyy); '' stays ''. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** Country name in the current language, the code when unknown. */
export function countryName(countries: readonly Country[], code: string, locale: string): string {
  const found = countries.find((c) => c.code === code);
  return found ? pickLocale(found.name, locale) : code;
}
