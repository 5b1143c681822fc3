/**
 * The shape of a machine-readable zone (ICAO 9303 TD3: 2 lines of 44; TD1: 3 lines of 30), apart
 * from its parser (mrz.ts) so the list screen's keyboard-wedge listener, which only asks whether
 * a burst of keys is a zone, does not load the parser and its country table.
 */

export type MrzFormat = 'TD1' | 'TD3';

const LINE_LENGTH: Record<MrzFormat, number> = { TD1: 30, TD3: 44 };
const LINE_COUNT: Record<MrzFormat, number> = { TD1: 3, TD3: 2 };

/** Splits input into zone lines: newlines when present, else one burst cut at the format's length. */
export function toLines(text: string): { format: MrzFormat; lines: string[] } | null {
  const cleaned = text.toUpperCase().replace(/[^\S\n]/g, '');
  let lines = cleaned.split('\n').filter((line) => line !== '');
  if (lines.length === 1 && lines[0]) {
    const burst = lines[0];
    const format = burst.length === 88 ? 'TD3' : burst.length === 90 ? 'TD1' : null;
    if (!format) return null;
    const size = LINE_LENGTH[format];
    lines = Array.from({ length: LINE_COUNT[format] }, (_, i) => burst.slice(i * size, (i + 1) * size));
  }
  const format = lines.length === 2 ? 'TD3' : lines.length === 3 ? 'TD1' : null;
  if (!format) return null;
  if (!lines.every((line) => line.length === LINE_LENGTH[format] && /^[A-Z0-9<]+$/.test(line))) return null;
  return { format, lines };
}

/** True when the text has the shape of a TD1 or TD3 zone (check digits not verified). */
export const looksLikeMrz = (text: string) => toLines(text) !== null;
