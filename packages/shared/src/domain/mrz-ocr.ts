/**
 * A machine-readable zone as optical character recognition gives it back, made into a zone the
 * parser (mrz.ts) can check: the zone's lines are picked out of the page's text, a line one or
 * two characters too short or too long gets its filler run mended, and characters that OCR
 * confuses (0/O, 1/I, 2/Z, 5/S, 6/G, 8/B) are set by what each position may hold (digits in
 * dates and check digits, letters in codes and names). In fields that may hold both (document
 * number, optional data) the check digit decides: a change is made only when exactly one set of
 * the fewest changes makes the check digit right. Every change is counted, and whatever still
 * fails its check digit is reported by the parser; nothing here hides a failed check.
 */
import { mrzCheckDigit } from './mrz.ts';
import { alpha2FromMrz } from './mrz-countries.ts';
import type { MrzFormat } from './mrz-lines.ts';

interface Span {
  line: number;
  from: number;
  to: number;
}

/** A field whose check digit can arbitrate between a letter and a digit. */
interface CheckedField {
  parts: Span[];
  check: { line: number; at: number };
}

interface Layout {
  length: number;
  lines: number;
  /**
   * Kind of every position, line by line, one letter each: 'd' a digit, 'a' a letter, 'x'
   * either (a check digit is a digit, '<' where allowed).
   */
  kinds: string[];
  /** Fields with a check digit of their own where a letter and a digit may both stand. */
  checked: CheckedField[];
  /** The composite check digit: a change is kept only when it holds too. */
  composite: CheckedField;
  /** Name spans (letters and fillers, where a stray letter inside fillers is noise). */
  names: Span[];
  /** The issuing state's and the nationality's codes. */
  codes: Span[];
}

const LAYOUTS: Record<MrzFormat, Layout> = {
  TD3: {
    length: 44,
    lines: 2,
    kinds: [
      `aaaaa${'a'.repeat(39)}`,
      // number(9) check nationality(3) birth(6) check sex expiry(6) check optional(14) check composite
      `${'x'.repeat(9)}daaa${'d'.repeat(6)}da${'d'.repeat(6)}d${'x'.repeat(14)}dd`,
    ],
    checked: [
      { parts: [{ line: 1, from: 0, to: 9 }], check: { line: 1, at: 9 } },
      { parts: [{ line: 1, from: 28, to: 42 }], check: { line: 1, at: 42 } },
    ],
    composite: {
      parts: [
        { line: 1, from: 0, to: 10 },
        { line: 1, from: 13, to: 20 },
        { line: 1, from: 21, to: 43 },
      ],
      check: { line: 1, at: 43 },
    },
    names: [{ line: 0, from: 5, to: 44 }],
    codes: [
      { line: 0, from: 2, to: 5 },
      { line: 1, from: 10, to: 13 },
    ],
  },
  TD1: {
    length: 30,
    lines: 3,
    kinds: [
      `aaaaa${'x'.repeat(9)}d${'x'.repeat(15)}`,
      `${'d'.repeat(6)}da${'d'.repeat(6)}daaa${'x'.repeat(11)}d`,
      'a'.repeat(30),
    ],
    checked: [{ parts: [{ line: 0, from: 5, to: 14 }], check: { line: 0, at: 14 } }],
    composite: {
      parts: [
        { line: 0, from: 5, to: 30 },
        { line: 1, from: 0, to: 7 },
        { line: 1, from: 8, to: 15 },
        { line: 1, from: 18, to: 29 },
      ],
      check: { line: 1, at: 29 },
    },
    names: [{ line: 2, from: 0, to: 30 }],
    codes: [
      { line: 0, from: 2, to: 5 },
      { line: 1, from: 15, to: 18 },
    ],
  },
};

const TO_DIGIT: Record<string, string> = {
  O: '0',
  Q: '0',
  D: '0',
  U: '0',
  I: '1',
  L: '1',
  Z: '2',
  S: '5',
  G: '6',
  B: '8',
};
const TO_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B' };
/** Pairs a check digit may arbitrate in a letter-or-digit field. */
const TWINS: Record<string, string> = { ...TO_LETTER, O: '0', I: '1', Z: '2', S: '5', G: '6', B: '8' };

const setAt = (text: string, at: number, char: string) => text.slice(0, at) + char + text.slice(at + 1);

/** Upper case, no spaces, and the look-alikes of '<' that OCR returns when not restricted. */
export function cleanOcrLine(line: string): string {
  return line
    .toUpperCase()
    .replace(/[«‹]/g, '<<')
    .replace(/\s+/g, '')
    .replace(/[^A-Z0-9<]/g, '');
}

/** A line `length` long: extra or missing characters are taken from or given to its longest run of '<'. */
export function fitLength(line: string, length: number): string {
  let text = line;
  while (text.length !== length) {
    const runs = [...text.matchAll(/<+/g)];
    const longest = runs.reduce<RegExpExecArray | RegExpMatchArray | null>(
      (best, run) => (!best || run[0].length > best[0].length ? run : best),
      null,
    );
    if (!longest || longest.index === undefined) {
      text = text.length > length ? text.slice(0, length) : text.padEnd(length, '<');
      continue;
    }
    const at = longest.index;
    text =
      text.length > length
        ? text.slice(0, at) + text.slice(at + 1)
        : `${text.slice(0, at)}<${text.slice(at)}`;
  }
  return text;
}

/** Letters OCR returns for a '<' of a filler run (the English model reads OCR-B's '<' so). */
const FILLER_NOISE = /<[<KLCE]*$/;

/**
 * A line's filler tail mended: the run at its end that starts with '<' and holds only '<' and
 * the letters OCR puts for it becomes fillers (`keep` characters at the very end, check digits,
 * are left alone). A run of one '<' and no more is left as read.
 */
export function cleanTail(line: string, keep = 0): string {
  const body = line.slice(0, line.length - keep);
  const match = FILLER_NOISE.exec(body);
  if (!match || match[0].replace(/[^<]/g, '').length < 2) return line;
  return body.slice(0, match.index) + '<'.repeat(match[0].length) + line.slice(line.length - keep);
}

/**
 * A name field in its one written form: surname, '<<', given names one '<' apart, fillers to
 * the end (OCR puts a '<' too many or too few between the parts; the parser splits on '<<').
 */
function canonicalName(field: string): string {
  const [surname = '', ...rest] = field.replace(/<+$/, '').split(/<{2,}/);
  const given = rest
    .join('<')
    .split(/<+/)
    .filter((part) => part !== '');
  const name = given.length > 0 ? `${surname}<<${given.join('<')}` : surname;
  return name.length <= field.length ? name.padEnd(field.length, '<') : field;
}

/**
 * A name without its '<<' between surname and given names, where OCR read one '<' as K or L
 * ("ERIKSSON<KANNA" or "ERIKSSONK<ANNA"): the first such letter next to a '<' becomes '<'.
 */
function nameSeparator(field: string): string {
  const name = field.replace(/<+$/, '');
  if (name.includes('<<') || !name.includes('<')) return field;
  const at = name.search(/[KL]<|<[KL]/);
  if (at < 0) return field;
  const letter = name.charAt(at) === '<' ? at + 1 : at;
  return setAt(field, letter, '<');
}

/** The zone's lines out of OCR text: the last 2 lines near 44 long (TD3) or 3 near 30 (TD1). */
export function zoneFromOcr(text: string): { format: MrzFormat; lines: string[] } | null {
  const lines = text
    .split('\n')
    .map(cleanOcrLine)
    .filter((line) => line.length >= 20);
  // Each line about the length, and a filler among them: a line may have none (a passport's
  // second line with its personal number filling its field, a card's second with its optional data).
  const near = (group: string[], length: number) =>
    group.every((line) => Math.abs(line.length - length) <= 3) && group.some((line) => line.includes('<'));
  for (let i = lines.length - 2; i >= 0; i--) {
    const pair = lines.slice(i, i + 2);
    if (pair.length === 2 && near(pair, 44)) return { format: 'TD3', lines: pair };
  }
  for (let i = lines.length - 3; i >= 0; i--) {
    const three = lines.slice(i, i + 3);
    if (three.length === 3 && near(three, 30)) return { format: 'TD1', lines: three };
  }
  return null;
}

/** Letters and digits put where the layout wants them; '<' is left as it is. */
function byKind(lines: string[], layout: Layout): string[] {
  return lines.map((line, l) =>
    [...line]
      .map((char, i) => {
        const kind = layout.kinds[l]?.charAt(i);
        if (kind === 'd') return TO_DIGIT[char] ?? char;
        if (kind === 'a') return TO_LETTER[char] ?? char;
        return char;
      })
      .join(''),
  );
}

/**
 * A letter standing alone between runs of two or more fillers in a name is noise: a filler.
 * `fillersRead`: the fillers were told by their ink, so a letter is a letter (only the spacing
 * between the name's parts is put in its one written form).
 */
function cleanNames(lines: string[], layout: Layout, fillersRead: boolean): string[] {
  const out = [...lines];
  for (const span of layout.names) {
    const line = out[span.line] ?? '';
    const read = line.slice(span.from, span.to);
    const field = canonicalName(fillersRead ? read : nameSeparator(read.replace(/(?<=<<)[A-Z](?=<<)/g, '<')));
    out[span.line] = line.slice(0, span.from) + field + line.slice(span.to);
  }
  return out;
}

const checkOk = (data: string, digit: string) => mrzCheckDigit(data) === (digit === '<' ? 0 : Number(digit));

const holds = (lines: string[], field: CheckedField) =>
  checkOk(
    field.parts.map((p) => (lines[p.line] ?? '').slice(p.from, p.to)).join(''),
    (lines[field.check.line] ?? '').charAt(field.check.at),
  );

const isDigit = (char: string) => char >= '0' && char <= '9';
const isLetter = (char: string) => char >= 'A' && char <= 'Z';

/** The swapped character is of the kind on both its sides (a letter between digits made a digit). */
function fitsNeighbours(line: string, at: number): boolean {
  const [before, char, after] = [line.charAt(at - 1), line.charAt(at), line.charAt(at + 1)];
  const kind = isDigit(char) ? isDigit : isLetter;
  return kind(before) && kind(after);
}

/**
 * The field's letter/digit twin (0/O, 1/I, 2/Z, 5/S, 6/G, 8/B) swapped so that its check digit
 * and the composite one hold: one swap only (with two, some pair makes both hold by chance too
 * often), and only when it is the only swap that does, or the only one of them that makes the
 * character of the kind on both its sides. Else the field is left as read (and fails its check).
 */
function arbitrate(lines: string[], field: CheckedField, composite: CheckedField): string[] {
  if (holds(lines, field)) return lines;
  const swaps = field.parts.flatMap((p) =>
    Array.from({ length: p.to - p.from }, (_, i) => {
      const at = p.from + i;
      const line = lines[p.line] ?? '';
      const twin = TWINS[line.charAt(at)];
      if (twin === undefined) return [];
      const next = [...lines];
      next[p.line] = setAt(line, at, twin);
      return [{ next, fits: fitsNeighbours(next[p.line] ?? '', at) }];
    }).flat(),
  );
  const found = swaps.filter(({ next }) => holds(next, field) && holds(next, composite));
  if (found.length === 1) return found[0]?.next ?? lines;
  const fitting = found.filter((swap) => swap.fits);
  return fitting.length === 1 ? (fitting[0]?.next ?? lines) : lines;
}

/** ICAO 9303 codes that name no country: the specimens' Utopia, the United Nations, stateless... */
const NOT_COUNTRIES = new Set(['UTO', 'UNO', 'UNA', 'UNK', 'XXA', 'XXB', 'XXC', 'XXX', 'EUE']);
/**
 * What OCR may have read instead of a code's letter: a '<' for K, L, C or E (their look-alike),
 * an I for a T and the other way round (OCR-B's T has a short bar).
 */
const CODE_ALTERNATIVES: Record<string, string[]> = {
  '<': ['K', 'L', 'C', 'E'],
  K: ['<'],
  I: ['T'],
  T: ['I'],
};

const knownCode = (code: string) => alpha2FromMrz(code) !== null || NOT_COUNTRIES.has(code);

/** A code that is no known one made known by one look-alike swap, when exactly one swap does. */
function mendCodes(lines: string[], layout: Layout): string[] {
  const out = [...lines];
  for (const span of layout.codes) {
    const line = out[span.line] ?? '';
    const code = line.slice(span.from, span.to);
    if (knownCode(code)) continue;
    const found = [...code].flatMap((char, i) =>
      (CODE_ALTERNATIVES[char] ?? []).map((alt) => setAt(code, i, alt)).filter(knownCode),
    );
    if (found.length === 1 && found[0])
      out[span.line] = line.slice(0, span.from) + found[0] + line.slice(span.to);
  }
  return out;
}

export interface OcrZone {
  format: MrzFormat;
  /** The zone as text (lines joined by newlines), ready for parseMrz. */
  text: string;
  /** Characters changed from what OCR read (length mends not counted). */
  corrections: number;
  /**
   * Of those, letter/digit swaps that a check digit chose (arbitrate): a guess, which a second
   * misread character in the same field can make by chance (about 1 in 10), so a reader should
   * look again before trusting it.
   */
  guessed: number;
}

/**
 * The zone in OCR text, mended as far as its layout and check digits allow; null when none is
 * found. `fillersRead`: the reader told each '<' by its ink, cell by cell (the web reader's
 * zone-lines.ts), so the letters that OCR puts for a '<' (K, L, C, E) are not looked for: a name
 * ending "<LE" or "<ERIK" keeps it.
 */
export function mendOcrZone(text: string, { fillersRead = false } = {}): OcrZone | null {
  const zone = zoneFromOcr(text);
  if (!zone) return null;
  const layout = LAYOUTS[zone.format];
  // Check digits close TD3's second line and TD1's second; their filler runs end before them.
  const fitted = zone.lines.map((line, l) => {
    const keep = zone.format === 'TD3' && l === 1 ? 2 : zone.format === 'TD1' && l === 1 ? 1 : 0;
    return fitLength(fillersRead ? line : cleanTail(line, keep), layout.length);
  });
  let lines = mendCodes(cleanNames(byKind(fitted, layout), layout, fillersRead), layout);
  const unarbitrated = lines;
  for (const field of layout.checked) lines = arbitrate(lines, field, layout.composite);
  let guessed = 0;
  lines.forEach((line, l) => {
    for (let i = 0; i < line.length; i++) if (line.charAt(i) !== unarbitrated[l]?.charAt(i)) guessed++;
  });
  let corrections = 0;
  lines.forEach((line, l) => {
    for (let i = 0; i < line.length; i++) if (line.charAt(i) !== fitted[l]?.charAt(i)) corrections++;
  });
  return { format: zone.format, text: lines.join('\n'), corrections, guessed };
}
