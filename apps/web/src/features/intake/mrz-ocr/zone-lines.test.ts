import { describe, expect, it } from 'vitest';
import type { Grey } from './image-prep.ts';
import { cellText } from './ocr-text.ts';
import { findLines, findZone, lineCells, withoutFillers } from './zone-lines.ts';

const PITCH = 20;
const CAP = 24;

/** Ink of one glyph in its cell (x, y from the cell's top left, capital CAP high, PITCH wide). */
const GLYPHS: Record<string, (x: number, y: number) => boolean> = {
  // A chevron, 0.83 of the capitals' height, pointing left, centred on their middle.
  '<': (x, y) => {
    const half = 10;
    const dy = Math.abs(y - CAP / 2);
    const armX = 4 + (dy / half) * 11;
    return dy <= half && x >= 4 && x <= 15 && Math.abs(x - armX) <= 1.2;
  },
  // A stem and two arms.
  K: (x, y) => (x >= 4 && x <= 6) || Math.abs(x - 6 - Math.abs(y - CAP / 2) * 0.75) <= 1.2,
  // A stem in the middle with a flag at the top left.
  '1': (x, y) => (x >= 9 && x <= 11) || (y <= 5 && Math.abs(x - (9 - y)) <= 1),
  // A box.
  '0': (x, y) =>
    (x >= 4 && x <= 15 && (y <= 2 || y >= CAP - 3)) || ((x <= 6 || x >= 13) && x >= 4 && x <= 15),
};

/** A line of `text` drawn on paper, `left` pixels in, `top` pixels down, sheared by `slope`. */
function drawLine(grey: Grey, text: string, left: number, top: number, slope = 0) {
  [...text].forEach((char, k) => {
    const glyph = GLYPHS[char];
    if (!glyph) throw new Error(`no glyph ${char}`);
    for (let y = 0; y < CAP; y++) {
      for (let x = 0; x < PITCH; x++) {
        if (!glyph(x, y)) continue;
        const gx = left + k * PITCH + x;
        const gy = Math.round(top + y + gx * slope);
        if (gx >= 0 && gx < grey.width && gy >= 0 && gy < grey.height) grey.pixels[gy * grey.width + gx] = 20;
      }
    }
  });
}

const paper = (width: number, height: number): Grey => ({
  pixels: new Uint8Array(width * height).fill(220),
  width,
  height,
});

describe('lineCells', () => {
  it("finds the cells on their pitch and tells the '<' from the K, 1 and 0 by its ink", () => {
    const text = 'K1<<0K<1<<<<';
    const grey = paper(text.length * PITCH + 60, 50);
    drawLine(grey, text, 30, 13);
    const found = lineCells(grey, text.length, PITCH);
    expect(found?.pitch).toBeCloseTo(PITCH, 0);
    expect(found?.cells.map((c) => (c.filler ? '<' : '.')).join('')).toBe(text.replace(/[^<]/g, '.'));
  });

  it('is null when the ink does not fit the line length asked for', () => {
    const grey = paper(400, 50);
    drawLine(grey, 'K1<<0K<1<<<<', 30, 13);
    expect(lineCells(grey, 30, PITCH)).toBeNull();
  });
});

describe('withoutFillers and cellText', () => {
  it('takes the fillers out, one gap for a run, and puts what OCR read back in its cell', () => {
    const text = 'K1<<0K<1<<<<';
    const grey = paper(text.length * PITCH + 60, 50);
    drawLine(grey, text, 30, 13);
    const found = lineCells(grey, text.length, PITCH);
    if (!found) throw new Error('no cells');
    const compact = withoutFillers(grey, found.cells, found.pitch);
    // 5 characters, 2 gaps (the last run of fillers leaves none), two cells of margin each side.
    expect(compact.grey.width).toBe((5 + 2 + 4) * PITCH);
    // What OCR would read there: each symbol over its slot.
    const symbols = ['K', '1', '0', 'K', '1'].map((t, i) => {
      const slot = [0, 1, 3, 4, 6][i] ?? 0;
      const x0 = 2 * PITCH + slot * PITCH + 4;
      return { text: t, bbox: { x0, x1: x0 + 12, y0: 13, y1: 37 } };
    });
    expect(cellText(symbols, found.cells, compact.cellOf)).toBe(text);
    // A symbol missing is a '<' (its field's check digit or the review catches it).
    expect(cellText(symbols.slice(1), found.cells, compact.cellOf)).toBe(`<${text.slice(1)}`);
    // A 1 read as T or I is settled by its ink: narrow, a flag for its left edge.
    const misread = symbols.map((s, i) =>
      i === 1 ? { ...s, text: 'T' } : i === 4 ? { ...s, text: 'I' } : s,
    );
    expect(cellText(misread, found.cells, compact.cellOf)).toBe(text);
  });
});

describe('findLines and findZone', () => {
  it("finds a tilted zone's lines and their slope in its crop", () => {
    const grey = paper(600, 160);
    const slope = Math.tan((1 * Math.PI) / 180);
    drawLine(grey, 'K1<<0K<1<<<<K10K1<<0K<1<', 40, 40, slope);
    drawLine(grey, '0K1<<0K1<<0K1<<<<0K1<<<0', 40, 80, slope);
    const found = findLines(grey, 2);
    expect(found?.bands).toHaveLength(2);
    expect(found?.slope).toBeCloseTo(slope, 2);
    // Asked for a card's 3 lines where a passport's 2 show: the 2.
    expect(findLines(grey, 3)?.bands).toHaveLength(2);
  });

  it('finds a zone of 2 long lines in a picture, with a short line of other text above it', () => {
    const grey = paper(1100, 400);
    drawLine(grey, 'K10K1', 100, 60);
    const line = `K1<<0K<1<<<<K10K1<<0K<1<${'0K1<<'.repeat(4)}K1<0`;
    drawLine(grey, line, 80, 260);
    drawLine(grey, line.split('').reverse().join(''), 80, 300);
    const zone = findZone(grey);
    expect(zone?.chars).toBe(44);
    expect(zone?.cy).toBeGreaterThan(270);
    expect(zone?.cy).toBeLessThan(310);
    expect(zone?.lineWidth).toBeGreaterThan(line.length * PITCH * 0.9);
  });

  it('finds no zone in a picture of short lines', () => {
    const grey = paper(800, 300);
    drawLine(grey, 'K10K1', 100, 60);
    drawLine(grey, '0K1', 100, 120);
    expect(findZone(grey)).toBeNull();
  });
});
