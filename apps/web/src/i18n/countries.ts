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
}

/** Every country with its name in the language, sorted by name as that language sorts. */
export function countryOptions(locale: string): CountryOption[] {
  const collator = new Intl.Collator(intlTag(locale));
  return COUNTRY_CODES.map((code) => ({ code, name: countryLabel(code, locale) })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}
