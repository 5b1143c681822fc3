/**
 * Countries by their ISO 3166-1 alpha-2 code, named by Intl.DisplayNames in the UI language,
 * so every country has a name in vi/en/ja without a hand-kept table. The list is the 249
 * officially assigned codes.
 */
import { intlTag } from './intl-tag.ts';

const ISO_3166_CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ ' +
  'BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM ' +
  'DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS ' +
  'GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN ' +
  'KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ ' +
  'MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
  'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV ' +
  'SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI ' +
  'VN VU WF WS YE YT ZA ZM ZW';
/** Every assigned country code, A to Z. */
const COUNTRY_CODES: readonly string[] = ISO_3166_CODES.split(' ');

const namers = new Map<string, Intl.DisplayNames>();

/** The country's name in the language; the code itself when the code is unknown or empty. */
export function countryLabel(code: string | null | undefined, locale: string): string {
  if (!code) return '';
  let namer = namers.get(locale);
  if (!namer) {
    namer = new Intl.DisplayNames([intlTag(locale)], { type: 'region', fallback: 'code' });
    namers.set(locale, namer);
  }
  try {
    return namer.of(code.toUpperCase()) ?? code;
  } catch {
    // not a well-formed region code: show what was stored
    return code;
  }
}

export interface CountryOption {
  code: string;
  name: string;
  /** The name in the language and in English, folded (foldForSearch): what the search reads. */
  search?: readonly string[];
}

/** Every country with its name in the language, sorted by name as that language sorts. */
export function countryOptions(locale: string): CountryOption[] {
  const collator = new Intl.Collator(intlTag(locale));
  return COUNTRY_CODES.map((code) => {
    const name = countryLabel(code, locale);
    return { code, name, search: [foldForSearch(name), foldForSearch(countryLabel(code, 'en'))] };
  }).sort((a, b) => collator.compare(a.name, b.name));
}

/**
 * Text as the country search compares it: lower case, accents and other marks gone, đ as d,
 * full-width letters as ASCII, runs of spaces as one ("Thụy Điển" and "thuy dien" are equal).
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The countries matching what was typed: its name in the language or in English contains it
 * (accent- and case-insensitive), or it is the country's two-letter code or three-letter
 * passport code ("SE", "SWE"). That code comes first, then names starting with it, then names with a word
 * starting with it, then the rest, each in the list's order. Everything for an empty text.
 */
export function filterCountries(
  options: readonly CountryOption[],
  typed: string,
  alpha2FromAlpha3: (code: string) => string | null = () => null,
): CountryOption[] {
  const query = foldForSearch(typed);
  if (query === '') return [...options];
  const upper = query.toUpperCase();
  const byCode = /^[a-z]{2}$/.test(query) ? upper : /^[a-z]{3}$/.test(query) ? alpha2FromAlpha3(upper) : null;
  const ranked: [rank: number, option: CountryOption][] = [];
  for (const option of options) {
    const names = option.search ?? [foldForSearch(option.name)];
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
