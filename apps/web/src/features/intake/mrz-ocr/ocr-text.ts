/**
 * The text of an OCR read, line by line, with the fillers the English model misreads put back:
 * OCR-B's '<' is a chevron lower than a capital, and the model often reads it as K, L, C or E.
 * A symbol read so whose box is clearly lower than its line's letters and digits is a '<'.
 */

export interface OcrSymbol {
  text: string;
  bbox: { x0: number; x1: number; y0: number; y1: number };
}

/** Below this share of the line's usual capital height, a K, L, C or E is a '<'. */
const FILLER_HEIGHT = 0.88;
const LOOKALIKES = new Set(['K', 'L', 'C', 'E']);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Share of a symbol's width that, lying over its neighbour's, makes the two one glyph. */
const SAME_GLYPH = 0.4;

const overlap = (a: OcrSymbol, b: OcrSymbol) =>
  Math.max(0, Math.min(a.bbox.x1, b.bbox.x1) - Math.max(a.bbox.x0, b.bbox.x0)) /
  Math.max(1, Math.min(a.bbox.x1 - a.bbox.x0, b.bbox.x1 - b.bbox.x0));

/**
 * One line of symbols as text: short look-alikes of '<' made '<', and a look-alike read over
 * the same glyph as a '<' beside it (one chevron read as "<K") dropped.
 */
export function lineText(symbols: OcrSymbol[]): string {
  const height = (s: OcrSymbol) => s.bbox.y1 - s.bbox.y0;
  const capital = median(symbols.filter((s) => /^[A-Z0-9]$/.test(s.text)).map(height));
  const read = symbols.map((s) => ({
    ...s,
    text: LOOKALIKES.has(s.text) && capital > 0 && height(s) < capital * FILLER_HEIGHT ? '<' : s.text,
  }));
  return read
    .filter((s, i) => {
      if (!LOOKALIKES.has(s.text)) return true;
      const twins = [read[i - 1], read[i + 1]].filter((n) => n?.text === '<' && overlap(n, s) > SAME_GLYPH);
      return twins.length === 0;
    })
    .map((s) => s.text)
    .join('');
}
