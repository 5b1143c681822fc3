import { describe, expect, it } from 'vitest';
import { parseMrz } from './mrz.ts';
import { cleanTail, fitLength, mendOcrZone, zoneFromOcr } from './mrz-ocr.ts';

// The specimens of ICAO Doc 9303 (part 4 for TD3, part 5 for TD1).
const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
const TD1 = [
  'I<UTOD231458907<<<<<<<<<<<<<<<',
  '7408122F1204159UTO<<<<<<<<<<<6',
  'ERIKSSON<<ANNA<MARIA<<<<<<<<<<',
];
const zone = (lines: string[]) => lines.join('\n');
const replaceAt = (line: string, at: number, char: string) => line.slice(0, at) + char + line.slice(at + 1);

describe('zoneFromOcr', () => {
  it('picks the zone lines out of a page of OCR text, spaces and noise lines aside', () => {
    const page = `PASSPORT PASSEPORT\n\nERIKSSON\nANNA MARIA\n${TD3[0]?.replace('<<ANNA', ' <<ANNA')}\n${TD3[1]}\n`;
    expect(zoneFromOcr(page)).toEqual({ format: 'TD3', lines: TD3 });
    expect(zoneFromOcr(`IDENTITY CARD\n${zone(TD1)}`)).toEqual({ format: 'TD1', lines: TD1 });
  });

  it("takes a line with no filler, its fields full (a card's optional data, a passport's personal number)", () => {
    const card = [
      'I<AUSD2856434492866<<<<<<<<<<<',
      '1503265F3606274AUS362763730085',
      'NA<<MIANG<MARCIAYEN<BOIS<<<<<<',
    ];
    expect(zoneFromOcr(zone(card))).toEqual({ format: 'TD1', lines: card });
    const passport = [
      'P<KORMITHYEN<<THKIMDU<<<<<<<<<<<<<<<<<<<<<<<',
      'TH69060205FRA1506152F3511048FK5WR8BBOC5LBH50',
    ];
    expect(zoneFromOcr(zone(passport))).toEqual({ format: 'TD3', lines: passport });
  });

  it('is null when no line has the zone shape', () => {
    expect(zoneFromOcr('PASSPORT\nNGUYEN VAN AN\n')).toBeNull();
  });
});

describe('fitLength and cleanTail', () => {
  it('gives a missing filler back to, or takes an extra one from, the longest filler run', () => {
    expect(fitLength('AB<<<<CD<E', 11)).toBe('AB<<<<<CD<E');
    expect(fitLength('AB<<<<CD<E', 9)).toBe('AB<<<CD<E');
    expect(fitLength('ABC', 5)).toBe('ABC<<');
  });

  it('turns the letters OCR reads for fillers at the end of a line into fillers, check digits kept', () => {
    expect(cleanTail('ERIKSSON<<ANNA<K<<KLLLKL')).toBe('ERIKSSON<<ANNA<<<<<<<<<<');
    expect(cleanTail('G0RL8FTGS<<<K<46', 2)).toBe('G0RL8FTGS<<<<<46');
    // A real name ending in K keeps it: the run starts at the first '<' after it.
    expect(cleanTail('NGUYEN<<ERIK<<<<L')).toBe('NGUYEN<<ERIK<<<<<');
    // One '<' and a letter is a name, not a filler run.
    expect(cleanTail('SMITH<<JOHN<K')).toBe('SMITH<<JOHN<K');
  });
});

describe('mendOcrZone', () => {
  it('leaves a right zone as it is, with no correction counted', () => {
    expect(mendOcrZone(zone(TD3))).toEqual({ format: 'TD3', text: zone(TD3), corrections: 0, guessed: 0 });
    expect(mendOcrZone(zone(TD1))).toEqual({ format: 'TD1', text: zone(TD1), corrections: 0, guessed: 0 });
  });

  it('sets digits in dates and check digits, letters in codes and names (0/O, 1/I, 5/S, 8/B, 2/Z)', () => {
    const line2 = (TD3[1] ?? '')
      .replace('7408122', '74O8I22') // birth date: O for 0, I for 1
      .replace('UTO', 'UT0'); // nationality: 0 for O
    const line1 = (TD3[0] ?? '').replace('ERIKSSON', 'ERIK55ON').replace('MARIA', 'MAR1A');
    const mended = mendOcrZone(zone([line1, line2]));
    expect(mended?.text).toBe(zone(TD3));
    expect(mended?.corrections).toBe(6);
    expect(parseMrz(mended?.text ?? '')?.failed).toEqual([]);
  });

  it('lets the check digit decide between a letter and a digit in the document number', () => {
    // L898902C3: the C read as 0 makes the number's check digit fail; only C makes it hold.
    const misread = replaceAt(TD3[1] ?? '', 7, '0');
    const mended = mendOcrZone(zone([TD3[0] ?? '', misread]));
    // 0 -> O is the only twin change tried for that position; O does not hold either, so the
    // read is left as it was and the parser reports the failed checks.
    expect(mended?.text).toBe(zone([TD3[0] ?? '', misread]));
    expect(parseMrz(mended?.text ?? '')?.failed).toContain('documentNumber');

    // D231458907 on the ID card, its 8 read as B: one swap makes both check digits hold.
    const card = replaceAt(TD1[0] ?? '', 11, 'B');
    const fixed = mendOcrZone(zone([card, TD1[1] ?? '', TD1[2] ?? '']));
    expect(fixed?.text).toBe(zone(TD1));
    expect(fixed?.corrections).toBe(1);
    // A guess of the check digit's: the reader looks again before trusting it.
    expect(fixed?.guessed).toBe(1);
    // Two swaps are not tried (by chance, some pair would make both hold): left and reported.
    const twice = replaceAt(replaceAt(TD1[0] ?? '', 11, 'B'), 10, 'S');
    const left = mendOcrZone(zone([twice, TD1[1] ?? '', TD1[2] ?? '']));
    expect(left?.text).toBe(zone([twice, TD1[1] ?? '', TD1[2] ?? '']));
    expect(parseMrz(left?.text ?? '')?.failed).toEqual(['documentNumber', 'composite']);
  });

  it('never makes a change the check digit does not single out (a wrong digit stays wrong, reported)', () => {
    const wrongDigit = replaceAt(TD3[1] ?? '', 14, '5'); // birth date 7408122 -> 7508122
    const mended = mendOcrZone(zone([TD3[0] ?? '', wrongDigit]));
    expect(mended?.text).toBe(zone([TD3[0] ?? '', wrongDigit]));
    expect(parseMrz(mended?.text ?? '')?.failed).toEqual(expect.arrayContaining(['birthDate', 'composite']));
  });

  it('mends a line a filler short or long, and noise letters in filler runs', () => {
    const short = (TD3[0] ?? '').replace('<<<<<', '<<<<');
    const noisy = (TD3[1] ?? '').replace('B<<<<<10', 'B<<K<<<10');
    const mended = mendOcrZone(zone([short, noisy]));
    expect(mended?.text).toBe(zone(TD3));
    expect(parseMrz(mended?.text ?? '')?.failed).toEqual([]);
  });

  it('writes the name in its one form: the surname separator put back, extra fillers dropped', () => {
    const card = (TD1[2] ?? '').replace('ERIKSSON<<ANNA', 'ERIKSSONK<ANNA');
    expect(mendOcrZone(zone([TD1[0] ?? '', TD1[1] ?? '', card]))?.text).toBe(zone(TD1));
    const extra = (TD1[2] ?? '').replace('ANNA<MARIA<', 'ANNA<<MARIA');
    expect(
      parseMrz(mendOcrZone(zone([TD1[0] ?? '', TD1[1] ?? '', extra]))?.text ?? '')?.fields.fullName,
    ).toBe('ERIKSSON ANNA MARIA');
  });

  it("makes a country code known by one look-alike swap (KOR read as '<OR')", () => {
    const line2 = '0201070M3610192<OR<<<<<<<<<<<2';
    const card = ['I<KORY058498453<<<<<<<<<<<<<<<', line2, 'KIMHA<<HA<YEN<JOHNTRANMI<<<<<<'];
    const mended = mendOcrZone(zone(card));
    expect(mended?.text.split('\n')[1]).toBe('0201070M3610192KOR<<<<<<<<<<<2');
    expect(parseMrz(mended?.text ?? '')?.fields.nationality).toBe('KR');
    // Germany's one letter and the specimens' Utopia are codes already: left alone.
    expect(mendOcrZone(zone(TD1))?.text).toBe(zone(TD1));
    // Utopia's T read as I.
    const utopia = mendOcrZone(zone([TD1[0] ?? '', (TD1[1] ?? '').replace('UTO', 'UIO'), TD1[2] ?? '']));
    expect(utopia?.text).toBe(zone(TD1));
  });

  it('keeps the letters of a name by a filler when the reader told the fillers by their ink', () => {
    const name = 'WANG<<HANGUGAR<LE<<<<<<<<<<<<<';
    const card = [TD1[0] ?? '', TD1[1] ?? '', name];
    // Read with OCR's K, L, C, E for fillers in mind, "<LE" at the end is taken for fillers...
    expect(mendOcrZone(zone(card))?.text.split('\n')[2]).toBe('WANG<<HANGUGAR<<<<<<<<<<<<<<<<');
    // ...but not when each '<' was told by its ink.
    expect(mendOcrZone(zone(card), { fillersRead: true })?.text.split('\n')[2]).toBe(name);
    const given = 'SMITH<<A<<<<<<<<<<<<<<<<<<<<<<';
    expect(mendOcrZone(zone([TD1[0] ?? '', TD1[1] ?? '', given]), { fillersRead: true })?.text).toContain(
      given,
    );
  });
});
