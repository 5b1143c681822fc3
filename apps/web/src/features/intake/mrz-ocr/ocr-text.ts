/**
 * The text of an OCR read, line by line, with the fillers the English model misreads put back:
 * OCR-B's '<' is a chevron lower than a capital, and the model often reads it as K, L, C or E.
 * A symbol read so whose box is clearly lower than its line's letters and digits is a '<'.
 */

export interface OcrSymbol {
  text: string;
  bbox: { x0: number; x1: number; y0: number; y1: number };
}

/** Below this share of the line's usual capital height, a K, L, C or E is a '<' (measured: '<' 0.84-0.88, letters 0.96-1.04). */
const FILLER_HEIGHT = 0.92;
const LOOKALIKES = new Set(['K', 'L', 'C', 'E']);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Share of a symbol's width that, lying over its neighbour's, makes the two one glyph. */
const SAME_GLYPH = 0.4;

const overlap = (a: OcrSymbol, b: OcrSymbol) =>
  Math.max(0, Math.min(a.bbox.x1, b.bbox.x1) - Math.max(a.bbox.x0, b.bbox.x0)) /
  Math.max(1, Math.min(a.bbox.x1 - a.bbox.x0, b.bbox.x1 - b.bbox.x0));

/**
 * The symbols with every look-alike of '<' clearly lower than the line's capitals made '<' (its
 * chevron is about 0.85 of their height; a real K or L is theirs, give or take a pixel), and a look-alike read over the same glyph as a '<' beside it (one chevron read as "<K") dropped.
 */
export function withFillers(symbols: OcrSymbol[]): OcrSymbol[] {
  const height = (s: OcrSymbol) => s.bbox.y1 - s.bbox.y0;
  // The capitals' height from the other letters and digits: a zone's filler runs misread as L
  // can outnumber them.
  const capital = median(
    symbols.filter((s) => /^[A-Z0-9]$/.test(s.text) && !LOOKALIKES.has(s.text)).map(height),
  );
  const limit = capital * FILLER_HEIGHT;
  const read = symbols.map((s) => ({
    ...s,
    text: LOOKALIKES.has(s.text) && capital > 0 && height(s) < limit ? '<' : s.text,
  }));
  return read.filter((s, i) => {
    if (!LOOKALIKES.has(s.text)) return true;
    return ![read[i - 1], read[i + 1]].some((n) => n?.text === '<' && overlap(n, s) > SAME_GLYPH);
  });
}

/** One line of symbols as text, its fillers put back (withFillers). */
export function lineText(symbols: OcrSymbol[]): string {
  return withFillers(symbols)
    .map((s) => s.text)
    .join('');
}

/**
 * One zone line of `chars` characters laid on its fixed pitch (OCR-B is monospaced, 10 to the
 * inch): each symbol goes to the cell its centre falls in, so a '<' the model read twice ("<K")
 * or not at all no longer shifts the rest of the line. Two symbols in one cell: the nearer to
 * the cell's centre, a '<' before a look-alike of it; a cell with none is a '<' (the model drops
 * fillers more than anything). Null when the symbols are too few to find the pitch.
 */
export function gridText(read: OcrSymbol[], chars: number): string | null {
  const symbols = withFillers(read);
  const centres = symbols.map((s) => (s.bbox.x0 + s.bbox.x1) / 2);
  const steps = centres.slice(1).map((c, i) => c - (centres[i] ?? 0));
  if (symbols.length < chars / 2) return null;
  let pitch = median(steps.filter((step) => step > 0));
  const first = centres[0] ?? 0;
  if (pitch <= 0) return null;
  // The pitch refined over the whole line (least squares of centre against cell).
  const cells = centres.map((c) => Math.round((c - first) / pitch));
  const last = cells.length - 1;
  if ((cells[last] ?? 0) > 0) pitch = ((centres[last] ?? first) - first) / (cells[last] ?? 1);
  const slots: { symbol: OcrSymbol; off: number }[] = [];
  symbols.forEach((symbol, i) => {
    const at = ((centres[i] ?? first) - first) / pitch;
    const cell = Math.round(at);
    if (cell < 0 || cell >= chars) return;
    const off = Math.abs(at - cell);
    const held = slots[cell];
    const better =
      !held ||
      (symbol.text === '<' && LOOKALIKES.has(held.symbol.text)) ||
      (!(held.symbol.text === '<' && LOOKALIKES.has(symbol.text)) && off < held.off);
    if (better) slots[cell] = { symbol, off };
  });
  return Array.from({ length: chars }, (_, i) => slots[i]?.symbol.text ?? '<').join('');
}

/**
 * A character the model often swaps for another, settled by its ink where OCR-B tells them
 * apart (measured on the scan bench's specimens, shares of the capital height): the digit 1 is
 * narrow (0.36-0.44) with a flag for its left edge (0.15-0.28 of the height), the letter I
 * wider (0.44-0.55) with serifs down its left (0.84-1), the letter T wide (0.58-0.69) with its
 * bar's end alone on the left (0.13-0.2).
 */
export function settle(text: string, ink: { width: number; left: number }): string {
  if (!'1IT'.includes(text)) return text;
  if (ink.left > 0.7 && ink.width < 0.6) return 'I';
  if (ink.left < 0.35 && ink.width < 0.47) return '1';
  if (ink.left < 0.3 && ink.width > 0.53) return 'T';
  return text;
}

/**
 * One zone line from its cells as the ink shows them (zone-lines.ts lineCells) and the symbols
 * OCR read in the line without its fillers (withoutFillers, whose `cellOf` places a symbol):
 * a cell whose ink is a '<' is one; any other takes the symbol read nearest its centre, settled
 * by its ink (settle); a cell with none is left '<' (its field's check digit, or the review,
 * catches what that hides).
 */
export function cellText(
  read: OcrSymbol[],
  cells: { filler: boolean; width: number; left: number }[],
  cellOf: (x: number) => { cell: number; off: number } | null,
): string {
  const chosen: { text: string; off: number }[] = [];
  for (const symbol of read) {
    const at = cellOf((symbol.bbox.x0 + symbol.bbox.x1) / 2);
    if (!at || symbol.text === '<' || cells[at.cell]?.filler) continue;
    const held = chosen[at.cell];
    if (!held || at.off < held.off) chosen[at.cell] = { text: symbol.text, off: at.off };
  }
  return cells
    .map((cell, k) => {
      const text = chosen[k]?.text;
      if (cell.filler || text === undefined) return '<';
      return settle(text, cell);
    })
    .join('');
}
