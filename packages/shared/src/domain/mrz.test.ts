import { describe, expect, it } from 'vitest';
import { type MrzCheck, mrzCheckDigit, parseMrz } from './mrz.ts';
import { alpha2FromMrz } from './mrz-countries.ts';

// The specimens of ICAO Doc 9303 (part 4 for TD3, part 5 for TD1).
const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
const TD1 = [
  'I<UTOD231458907<<<<<<<<<<<<<<<',
  '7408122F1204159UTO<<<<<<<<<<<6',
  'ERIKSSON<<ANNA<MARIA<<<<<<<<<<',
];
const today = new Date('2026-01-01T00:00:00Z');

const specimenFields = {
  fullName: 'ERIKSSON ANNA MARIA',
  nationality: null,
  nationalityCode: 'UTO',
  birthDate: '1974-08-12',
  gender: 'female',
  passportExpiry: '2012-04-15',
};

/** The zone with one character replaced by a different digit. */
function withWrongDigit(lines: string[], line: number, column: number) {
  return lines.map((text, i) => {
    if (i !== line) return text;
    const old = text.charAt(column);
    const wrong = String(((old === '<' ? 0 : Number(old)) + 1) % 10);
    return text.slice(0, column) + wrong + text.slice(column + 1);
  });
}

describe('MRZ check digit', () => {
  it('weights 7, 3, 1 with letters 10-35 and filler 0', () => {
    expect(mrzCheckDigit('L898902C3')).toBe(6);
    expect(mrzCheckDigit('740812')).toBe(2);
    expect(mrzCheckDigit('120415')).toBe(9);
    expect(mrzCheckDigit('<<<<')).toBe(0);
  });
});

const ZONES = { TD3, TD1 };

describe('ICAO specimens', () => {
  it.each([
    ['TD3', 'L898902C3'],
    ['TD1', 'D23145890'],
  ] as const)('reads the %s specimen with every check digit valid', (format, passportNo) => {
    expect(parseMrz(ZONES[format].join('\n'), today)).toEqual({
      format,
      failed: [],
      fields: { ...specimenFields, passportNo },
    });
  });

  // Where each check digit of a format stands: [format, check, line, column].
  const digits: ['TD3' | 'TD1', MrzCheck, number, number][] = [
    ['TD3', 'documentNumber', 1, 9],
    ['TD3', 'birthDate', 1, 19],
    ['TD3', 'expiryDate', 1, 27],
    ['TD3', 'personalNumber', 1, 42],
    ['TD3', 'composite', 1, 43],
    ['TD1', 'documentNumber', 0, 14],
    ['TD1', 'birthDate', 1, 6],
    ['TD1', 'expiryDate', 1, 14],
    ['TD1', 'composite', 1, 29],
  ];
  it.each(digits)('%s: reports a wrong %s check digit', (format, check, line, column) => {
    const result = parseMrz(withWrongDigit(ZONES[format], line, column).join('\n'), today);
    expect(result?.failed).toContain(check);
    // The composite check covers the other check digits, so it fails with them.
    expect(result?.failed.filter((c) => c !== 'composite')).toEqual(check === 'composite' ? [] : [check]);
  });
});

describe('TD3 passport', () => {
  it('reads a keyboard-wedge burst without line breaks, lower case and spaces', () => {
    expect(parseMrz(` ${TD3.join('').toLowerCase()} `, today)?.failed).toEqual([]);
  });

  it('maps an ISO nationality and a real passport', () => {
    const line2 = 'C01X00T478VNM9001014M3001015<<<<<<<<<<<<<<00';
    const fixed = `${line2.slice(0, 43)}${mrzCheckDigit(line2.slice(0, 10) + line2.slice(13, 20) + line2.slice(21, 43))}`;
    const zone = `P<VNMNGUYEN<<VAN<AN<<<<<<<<<<<<<<<<<<<<<<<<<\n${fixed}`;
    const result = parseMrz(zone, today);
    expect(result?.fields).toMatchObject({
      fullName: 'NGUYEN VAN AN',
      nationality: 'VN',
      birthDate: '1990-01-01',
    });
  });
});

describe('not a zone', () => {
  it.each([['hello'], ['P<UTO\nABC'], [TD3[0] ?? '']])('returns null for %j', (text) => {
    expect(parseMrz(text, today)).toBeNull();
  });
});

describe('nationality codes', () => {
  it('maps ISO alpha-3 and the ICAO extras to alpha-2', () => {
    expect(alpha2FromMrz('VNM')).toBe('VN');
    expect(alpha2FromMrz('AUT')).toBe('AT');
    expect(alpha2FromMrz('D<<')).toBe('DE');
    expect(alpha2FromMrz('GBN')).toBe('GB');
    expect(alpha2FromMrz('UTO')).toBeNull();
  });
});
