/**
 * Machine-readable zone of travel documents (ICAO 9303): TD3 (passports, 2 lines of 44) and TD1
 * (identity cards, 3 lines of 30), typed, pasted or sent by a keyboard-wedge reader. Every check
 * digit is verified; a wrong one is reported by field, never silently accepted.
 */

import { alpha2FromMrz } from './mrz-countries.ts';
import { type MrzFormat, toLines } from './mrz-lines.ts';
import type { Gender } from './reference.ts';

export type { MrzFormat } from './mrz-lines.ts';

/** The check digits of a zone; `composite` covers the number, dates and optional data together. */
export type MrzCheck = 'documentNumber' | 'birthDate' | 'expiryDate' | 'personalNumber' | 'composite';

export interface MrzFields {
  /** Primary then secondary identifiers, as on the document ("ERIKSSON ANNA MARIA"). */
  fullName: string;
  passportNo: string;
  /** ISO alpha-2; null when the code is not a country (UTO of the ICAO specimens, UNO...). */
  nationality: string | null;
  /** The code as written in the zone (3 letters). */
  nationalityCode: string;
  birthDate: string | null;
  gender: Gender | null;
  passportExpiry: string | null;
}

export interface MrzResult {
  format: MrzFormat;
  fields: MrzFields;
  /** Check digits that do not match (empty when the zone is valid). */
  failed: MrzCheck[];
}

const WEIGHTS = [7, 3, 1];

function charValue(char: string): number {
  if (char >= '0' && char <= '9') return char.charCodeAt(0) - 48;
  if (char >= 'A' && char <= 'Z') return char.charCodeAt(0) - 55;
  return 0; // '<' filler
}

/** ICAO 9303 check digit: values weighted 7, 3, 1 repeating, sum modulo 10. */
export function mrzCheckDigit(data: string): number {
  let sum = 0;
  for (let i = 0; i < data.length; i++) sum += charValue(data.charAt(i)) * (WEIGHTS[i % 3] ?? 1);
  return sum % 10;
}

/** A filler check digit counts as 0 (ICAO allows '<' when the field is empty). */
const checks = (data: string, digit: string) => mrzCheckDigit(data) === (digit === '<' ? 0 : Number(digit));

/** YYMMDD to ISO; births are never in the future, expiries are 20YY up to 2069. */
function mrzDate(value: string, kind: 'birth' | 'expiry', today: Date): string | null {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!match) return null;
  const [, yy = '', mm = '', dd = ''] = match;
  const year2 = Number(yy);
  let year: number;
  if (kind === 'birth') year = 2000 + year2 > today.getUTCFullYear() ? 1900 + year2 : 2000 + year2;
  else year = year2 >= 70 ? 1900 + year2 : 2000 + year2;
  const iso = `${year}-${mm}-${dd}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

function mrzName(field: string): string {
  const [primary = '', secondary = ''] = field.replace(/<+$/, '').split('<<');
  return [primary, secondary]
    .map((part) => part.replace(/</g, ' ').trim())
    .filter((part) => part !== '')
    .join(' ');
}

const GENDER_OF: Record<string, Gender> = { M: 'male', F: 'female', X: 'other' };

/** Document number of TD1 cards longer than 9 characters continues in the optional data. */
function documentNumber(number: string, digit: string, optional: string) {
  if (digit !== '<') return { value: number, data: number, digit };
  const rest = optional.split('<')[0] ?? '';
  if (rest.length < 2) return { value: number, data: number, digit };
  return { value: number + rest.slice(0, -1), data: number + rest.slice(0, -1), digit: rest.slice(-1) };
}

/** A date field followed by its check digit (YYMMDD + 1). */
const dated = (field: string) => ({ data: field.slice(0, 6), digit: field.charAt(6) });

/** The raw pieces of a zone; the formats differ only in where they stand. */
interface ZoneParts {
  number: { value: string; data: string; digit: string };
  birth: string;
  expiry: string;
  /** Optional data of TD3 passports with their own check digit (TD1 has none). */
  personal?: string;
  composite: string;
  compositeDigit: string;
  nationality: string;
  gender: string;
  name: string;
}

/** Verifies the check digits (in zone order) and reads the fields of either format. */
function readZone(format: MrzFormat, zone: ZoneParts, today: Date): MrzResult {
  const failed: MrzCheck[] = [];
  const verify = (check: MrzCheck, field: { data: string; digit: string }) => {
    if (!checks(field.data, field.digit)) failed.push(check);
  };
  const birth = dated(zone.birth);
  const expiry = dated(zone.expiry);
  verify('documentNumber', zone.number);
  verify('birthDate', birth);
  verify('expiryDate', expiry);
  if (zone.personal !== undefined)
    verify('personalNumber', { data: zone.personal.slice(0, -1), digit: zone.personal.slice(-1) });
  verify('composite', { data: zone.composite, digit: zone.compositeDigit });
  const nationalityCode = zone.nationality.replace(/</g, '');
  return {
    format,
    failed,
    fields: {
      fullName: mrzName(zone.name),
      passportNo: zone.number.value.replace(/</g, ''),
      nationality: alpha2FromMrz(nationalityCode),
      nationalityCode,
      birthDate: mrzDate(birth.data, 'birth', today),
      gender: GENDER_OF[zone.gender] ?? null,
      passportExpiry: mrzDate(expiry.data, 'expiry', today),
    },
  };
}

function parseTd3([line1 = '', line2 = '']: string[], today: Date): MrzResult {
  const number = line2.slice(0, 9);
  return readZone(
    'TD3',
    {
      number: { value: number, data: number, digit: line2.charAt(9) },
      birth: line2.slice(13, 20),
      expiry: line2.slice(21, 28),
      personal: line2.slice(28, 43),
      composite: line2.slice(0, 10) + line2.slice(13, 20) + line2.slice(21, 43),
      compositeDigit: line2.charAt(43),
      nationality: line2.slice(10, 13),
      gender: line2.charAt(20),
      name: line1.slice(5),
    },
    today,
  );
}

function parseTd1([line1 = '', line2 = '', line3 = '']: string[], today: Date): MrzResult {
  return readZone(
    'TD1',
    {
      number: documentNumber(line1.slice(5, 14), line1.charAt(14), line1.slice(15, 30)),
      birth: line2.slice(0, 7),
      expiry: line2.slice(8, 15),
      composite: line1.slice(5, 30) + line2.slice(0, 7) + line2.slice(8, 15) + line2.slice(18, 29),
      compositeDigit: line2.charAt(29),
      nationality: line2.slice(15, 18),
      gender: line2.charAt(7),
      name: line3,
    },
    today,
  );
}

/** Parses a zone; null when the text is not a TD1 or TD3 zone at all. */
export function parseMrz(text: string, today = new Date()): MrzResult | null {
  const zone = toLines(text);
  if (!zone) return null;
  return zone.format === 'TD3' ? parseTd3(zone.lines, today) : parseTd1(zone.lines, today);
}
