import { describe, expect, it } from 'vitest';
import { lineText, type OcrSymbol, settle } from './ocr-text.ts';

/** Symbols 20 px apart; capitals 30 px high, '<' 24 px high unless said. */
function symbols(text: string, heights: Record<number, number> = {}, overlapAt: number[] = []): OcrSymbol[] {
  let x = 0;
  return [...text].map((char, i) => {
    const x0 = overlapAt.includes(i) ? x - 18 : x;
    x = x0 + 20;
    const height = heights[i] ?? (char === '<' ? 24 : 30);
    return { text: char, bbox: { x0, x1: x0 + 18, y0: 30 - height, y1: 30 } };
  });
}

describe('lineText', () => {
  it('keeps what the model read when every symbol has a capital height', () => {
    expect(lineText(symbols('ERIK<<ANNA'))).toBe('ERIK<<ANNA');
  });

  it("makes a K, L, C or E as low as a '<' a filler, and leaves a real K of a name alone", () => {
    // ERIK<<ANNA<<<, the fillers after the name read as K and L, 24 px high.
    expect(lineText(symbols('ERIK<<ANNAKL<', { 10: 24, 11: 24 }))).toBe('ERIK<<ANNA<<<');
    // A low letter that is no look-alike of '<' stays (an M 24 px high is still an M).
    expect(lineText(symbols('ERIK<<ANNAM', { 10: 24 }))).toBe('ERIK<<ANNAM');
  });

  it('drops a look-alike read over the same glyph as the \'<\' beside it (one chevron read as "<K")', () => {
    expect(lineText(symbols('GARDU<KNGULE', { 6: 30 }, [6]))).toBe('GARDU<NGULE');
    // Side by side, not over each other: both stay.
    expect(lineText(symbols('LIU<KIM'))).toBe('LIU<KIM');
  });
});

describe('settle', () => {
  it('tells 1, I and T apart by their ink, and leaves other characters alone', () => {
    expect(settle('T', { width: 0.4, left: 0.2 })).toBe('1');
    expect(settle('I', { width: 0.4, left: 0.2 })).toBe('1');
    expect(settle('1', { width: 0.5, left: 0.9 })).toBe('I');
    expect(settle('1', { width: 0.63, left: 0.15 })).toBe('T');
    // Between the measures: as read.
    expect(settle('1', { width: 0.5, left: 0.5 })).toBe('1');
    expect(settle('7', { width: 0.4, left: 0.2 })).toBe('7');
  });
});
