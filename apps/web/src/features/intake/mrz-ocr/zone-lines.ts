/**
 * The machine-readable zone's lines found in a grey crop of it, by the ink itself (no OCR): the
 * crop's residual slope from its rows' projection profile (the slope at which the rows of ink
 * are sharpest), then each line's band of rows. Each line is then read on its own, level and
 * cropped close (mrz-reader.ts). Also the look of a glyph read as K, L, C or E: OCR-B's '<' is a
 * chevron whose left end is a point, where those letters have a stem or a curve down their left.
 */
import { type Grey, otsu } from './image-prep.ts';

/** A band of rows holding one line of text, in the crop's pixels once levelled by `slope`. */
export interface Band {
  /** Centre row, at the crop's middle column. */
  y: number;
  /** Rows from the band's top to its bottom. */
  height: number;
}

/**
 * The ink level of a crop: Otsu's over its middle rows (the zone's lines on paper; the rows at
 * the top and bottom may hold the table beyond the document's edge, darker than paper).
 */
export function inkLevel(grey: Grey): number {
  const histogram = new Uint32Array(256);
  const from = Math.floor(grey.height * 0.2);
  const to = Math.ceil(grey.height * 0.8);
  for (let p = from * grey.width; p < to * grey.width; p++) {
    const level = grey.pixels[p] ?? 0;
    histogram[level] = (histogram[level] ?? 0) + 1;
  }
  return otsu(histogram, (to - from) * grey.width);
}

/**
 * Where strokes start: ink pixels whose left neighbour is paper (a uniform dark area, such as the
 * table around a document, has none inside it), as x and y lists.
 */
function strokeStarts(grey: Grey, level: number): { xs: Int32Array; ys: Int32Array } {
  const xs: number[] = [];
  const ys: number[] = [];
  const { pixels, width, height } = grey;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 1; x < width; x++) {
      if ((pixels[row + x] ?? 255) <= level && (pixels[row + x - 1] ?? 0) > level) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  return { xs: Int32Array.from(xs), ys: Int32Array.from(ys) };
}

/** Row profile of the stroke starts sheared by `slope` (rows counted at the crop's middle column). */
function profile(starts: { xs: Int32Array; ys: Int32Array }, width: number, height: number, slope: number) {
  const rows = new Float64Array(height);
  const mid = width / 2;
  for (let i = 0; i < starts.xs.length; i++) {
    const r = Math.round((starts.ys[i] ?? 0) - ((starts.xs[i] ?? 0) - mid) * slope);
    if (r >= 0 && r < height) rows[r] = (rows[r] ?? 0) + 1;
  }
  return rows;
}

/**
 * The crop's lines of text: the slope (dy/dx) at which its rows' profile is sharpest, within
 * ±`maxDegrees`, and the `count` bands of rows nearest the crop's middle that hold ink (2 when
 * 3 were asked for and 2 alone show); null when fewer are found.
 */
export function findLines(
  grey: Grey,
  count: number,
  maxDegrees = 2,
): { slope: number; bands: Band[]; level: number } | null {
  const level = inkLevel(grey);
  const starts = strokeStarts(grey, level);
  if (starts.xs.length === 0) return null;
  let slope = 0;
  let sharpest = -1;
  const maxSlope = Math.tan((maxDegrees * Math.PI) / 180);
  const step = Math.tan((0.1 * Math.PI) / 180);
  for (let s = -maxSlope; s <= maxSlope + 1e-9; s += step) {
    const rows = profile(starts, grey.width, grey.height, s);
    let sharp = 0;
    for (const n of rows) sharp += n * n;
    if (sharp > sharpest) {
      sharpest = sharp;
      slope = s;
    }
  }
  const rows = profile(starts, grey.width, grey.height, slope);
  // Smoothed over three rows, then rows above a fifth of the peak belong to a line.
  const smooth = rows.map((n, i) => ((rows[i - 1] ?? 0) + n + (rows[i + 1] ?? 0)) / 3);
  const peak = Math.max(...smooth);
  const runs: { from: number; to: number; mass: number }[] = [];
  smooth.forEach((n, i) => {
    if (n < peak / 5) return;
    const last = runs[runs.length - 1];
    if (last && last.to >= i - 1) {
      last.to = i;
      last.mass += n;
    } else runs.push({ from: i, to: i, mass: n });
  });
  // Lines carry most of the stroke starts; a run with little of them is noise or a stray mark.
  const heaviest = Math.max(...runs.map((r) => r.mass));
  const lines = runs.filter((r) => r.mass > heaviest / 4);
  // A zone's 3 lines expected where only 2 show: a passport's zone of 2 (OCR found too short a line to tell).
  const n = lines.length === 2 && count === 3 ? 2 : count;
  if (lines.length < n) return null;
  // The `n` consecutive lines whose middle is nearest the crop's.
  let best = 0;
  for (let i = 1; i + n <= lines.length; i++) {
    const centre = (k: number) =>
      Math.abs(((lines[k]?.from ?? 0) + (lines[k + n - 1]?.to ?? 0)) / 2 - grey.height / 2);
    if (centre(i) < centre(best)) best = i;
  }
  const bands = lines
    .slice(best, best + n)
    .map((r) => ({ y: (r.from + r.to) / 2, height: r.to - r.from + 1 }));
  return { slope, bands, level };
}

/**
 * How far down a glyph's left edge its ink reaches, as a share of `capital` (the line's capital
 * height): the rows with ink in the leftmost fifth of its box (from its first inked column). A
 * '<' points left (a short span, about a quarter); K, L and E have a stem and C a curve there.
 */
export function leftEdgeSpan(
  grey: Grey,
  level: number,
  box: { x0: number; x1: number; y0: number; y1: number },
  capital: number,
): number {
  const { pixels, width, height } = grey;
  const x0 = Math.max(0, Math.floor(box.x0) - 1);
  const x1 = Math.min(width - 1, Math.ceil(box.x1) + 1);
  const y0 = Math.max(0, Math.floor(box.y0) - 1);
  const y1 = Math.min(height - 1, Math.ceil(box.y1) + 1);
  const inked = (x: number, y: number) => (pixels[y * width + x] ?? 255) <= level;
  // The first column with two inked pixels: the glyph's left edge (a lone pixel is noise).
  let first = -1;
  for (let x = x0; x <= x1 && first < 0; x++) {
    let n = 0;
    for (let y = y0; y <= y1; y++) if (inked(x, y)) n++;
    if (n >= 2) first = x;
  }
  if (first < 0 || capital <= 0) return 0;
  const to = first + Math.max(1, Math.round((x1 - x0) / 5));
  let top = Number.POSITIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  for (let x = first; x <= Math.min(x1, to); x++) {
    for (let y = y0; y <= y1; y++) {
      if (!inked(x, y)) continue;
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  return bottom >= top ? (bottom - top + 1) / capital : 0;
}

/** One character cell of a zone line: its centre column and whether its ink is a '<'. */
export interface Cell {
  x: number;
  filler: boolean;
  /** Its ink's height, width and left edge's span, shares of the line's capital height. */
  height: number;
  width: number;
  left: number;
  /** How much its left and right edges look like a chevron's (chevron()). */
  top: number;
  bottom: number;
}

/**
 * The `chars` cells of one zone line in a level crop of it, found by its ink: OCR-B is
 * monospaced, so the first and last glyphs' centres give the pitch, refined over every glyph
 * standing apart. Each cell's ink then tells a '<' from any other character: the chevron is the
 * only character lower than the capitals (about 0.85 of them) and its left end is a point.
 * Null when the line's ink does not fit `chars` cells about `expected` pixels apart.
 */
export function lineCells(
  grey: Grey,
  chars: number,
  expected: number,
): { cells: Cell[]; pitch: number } | null {
  const { pixels, width, height } = grey;
  const level = inkLevel(grey);
  const inked = (x: number, y: number) => (pixels[y * width + x] ?? 255) <= level;
  // The line's rows: around the middle, while rows hold a fair share of the busiest row's ink.
  const rowInk = new Float64Array(height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) if (inked(x, y)) rowInk[y] = (rowInk[y] ?? 0) + 1;
  const peak = Math.max(...rowInk);
  let top = Math.floor(height / 2);
  let bottom = top;
  if ((rowInk[top] ?? 0) < peak / 5) {
    // The middle row between lines (a crop off centre): start from the busiest row instead.
    top = rowInk.indexOf(peak);
    bottom = top;
  }
  while (top > 0 && (rowInk[top - 1] ?? 0) >= peak / 5) top--;
  while (bottom < height - 1 && (rowInk[bottom + 1] ?? 0) >= peak / 5) bottom++;
  top = Math.max(0, top - 1);
  bottom = Math.min(height - 1, bottom + 1);
  const columnInk = new Uint16Array(width);
  for (let x = 0; x < width; x++)
    for (let y = top; y <= bottom; y++) if (inked(x, y)) columnInk[x] = (columnInk[x] ?? 0) + 1;
  // Runs of inked columns (two ink pixels or more): glyphs, or glyphs touching.
  const runs: { from: number; to: number }[] = [];
  for (let x = 0; x < width; x++) {
    if ((columnInk[x] ?? 0) < 2) continue;
    const last = runs[runs.length - 1];
    if (last && last.to === x - 1) last.to = x;
    else runs.push({ from: x, to: x });
  }
  // Glyphs: runs neither too thin (noise) nor too wide (the table beyond the document's edge), off the crop's edges.
  const glyphs = runs.filter(
    (r) => r.to - r.from >= 2 && r.to - r.from < expected * 1.5 && r.from > 0 && r.to < width - 1,
  );
  const first = glyphs[0];
  const last = glyphs[glyphs.length - 1];
  if (!first || !last || glyphs.length < chars / 2) return null;
  const centre = (r: { from: number; to: number }) => (r.from + r.to) / 2;
  let pitch = (centre(last) - centre(first)) / (chars - 1);
  let origin = centre(first);
  if (Math.abs(pitch / expected - 1) > 0.12) return null;
  // Least squares of centre against cell over the glyphs about one cell wide.
  const fit = glyphs.filter((r) => r.to - r.from < pitch * 0.9);
  if (fit.length >= chars / 3) {
    const ks = fit.map((r) => Math.round((centre(r) - origin) / pitch));
    const n = fit.length;
    const mk = ks.reduce((a, b) => a + b, 0) / n;
    const mc = fit.reduce((a, r) => a + centre(r), 0) / n;
    let sxy = 0;
    let sxx = 0;
    fit.forEach((r, i) => {
      sxy += ((ks[i] ?? 0) - mk) * (centre(r) - mc);
      sxx += ((ks[i] ?? 0) - mk) ** 2;
    });
    if (sxx > 0) {
      pitch = sxy / sxx;
      origin = mc - pitch * mk;
    }
  }
  const boxes = Array.from({ length: chars }, (_, k) => {
    const x0 = Math.max(0, Math.round(origin + (k - 0.5) * pitch));
    const x1 = Math.min(width - 1, Math.round(origin + (k + 0.5) * pitch) - 1);
    let y0 = Number.POSITIVE_INFINITY;
    let y1 = Number.NEGATIVE_INFINITY;
    let left = -1;
    let right = -1;
    for (let x = x0; x <= x1; x++) {
      if ((columnInk[x] ?? 0) < 2) continue;
      if (left < 0) left = x;
      right = x;
      for (let y = Math.max(0, top - 2); y <= Math.min(height - 1, bottom + 2); y++) {
        if (!inked(x, y)) continue;
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
    }
    return { x: origin + k * pitch, x0, x1, y0, y1, left, right };
  });
  const inkedBoxes = boxes.filter((b) => b.y1 >= b.y0);
  const tops = inkedBoxes.map((b) => b.y0).sort((a, b) => a - b);
  const bottoms = inkedBoxes.map((b) => b.y1).sort((a, b) => a - b);
  const capTop = tops[Math.floor(tops.length * 0.1)] ?? 0;
  const baseline = bottoms[Math.floor(bottoms.length * 0.9)] ?? 0;
  const capital = baseline - capTop + 1;
  if (capital <= 2) return null;
  const cells = boxes.map((b) => {
    if (b.y1 < b.y0) return { x: b.x, height: 0, left: 0, top: 0, bottom: 0, width: 0, filler: false };
    const h = (b.y1 - b.y0 + 1) / capital;
    const left = leftEdgeSpan(grey, level, { x0: b.left, x1: b.right, y0: b.y0, y1: b.y1 }, capital);
    const shape = chevron(grey, level, { x0: b.left, x1: b.right, y0: b.y0, y1: b.y1 });
    return {
      x: b.x,
      width: (b.right - b.left + 1) / capital,
      height: h,
      left,
      top: shape.left,
      bottom: shape.right,
      filler: Math.min(shape.left, shape.right) > 0.3 && left < 0.6 && h < 0.95,
    };
  });
  return { cells, pitch };
}

/**
 * How much a glyph looks like OCR-B's '<': ink in the middle of its left edge and none at that
 * edge's top and bottom (the chevron's point), ink at the top and bottom of its right edge and
 * none in that edge's middle (its arms). `left` and `right`: the share of each edge's strip that
 * matches, from 0 to 1; a '<' scores high on both, and no other character of the zone does.
 */
export function chevron(
  grey: Grey,
  level: number,
  box: { x0: number; x1: number; y0: number; y1: number },
): { left: number; right: number } {
  const { pixels, width } = grey;
  const w = box.x1 - box.x0 + 1;
  const h = box.y1 - box.y0 + 1;
  const share = (x0: number, x1: number, y0: number, y1: number) => {
    let ink = 0;
    let all = 0;
    for (let y = Math.round(y0); y <= Math.round(y1); y++) {
      for (let x = Math.round(x0); x <= Math.round(x1); x++) {
        all++;
        if ((pixels[y * width + x] ?? 255) <= level) ink++;
      }
    }
    return all > 0 ? ink / all : 0;
  };
  const strip = Math.max(1, w * 0.25);
  const [top0, top1] = [box.y0, box.y0 + h * 0.22];
  const [mid0, mid1] = [box.y0 + h * 0.4, box.y0 + h * 0.6];
  const [bottom0, bottom1] = [box.y1 - h * 0.22, box.y1];
  const lx = [box.x0, box.x0 + strip - 1] as const;
  const rx = [box.x1 - strip + 1, box.x1] as const;
  const left = share(...lx, mid0, mid1) - Math.max(share(...lx, top0, top1), share(...lx, bottom0, bottom1));
  const right = Math.min(share(...rx, top0, top1), share(...rx, bottom0, bottom1)) - share(...rx, mid0, mid1);
  return { left, right };
}

/**
 * The line with its fillers taken out: the cells that hold another character side by side on
 * the same pitch, one empty cell where a run of fillers stood, white around. The model reads
 * letters and digits alone far better than beside runs of chevrons (which it reads as K, L, C, E
 * and which lead it to misread the character after them). `cellOf` maps a column of the new
 * picture to its cell in the line and its distance from the cell's centre (null in a gap or the margin).
 */
export function withoutFillers(
  grey: Grey,
  cells: Cell[],
  pitch: number,
): { grey: Grey; cellOf: (x: number) => { cell: number; off: number } | null } {
  const step = Math.max(1, Math.round(pitch));
  const slots: (number | null)[] = [];
  cells.forEach((cell, k) => {
    if (!cell.filler) slots.push(k);
    else if (slots.length > 0 && slots[slots.length - 1] !== null) slots.push(null);
  });
  while (slots.length > 0 && slots[slots.length - 1] === null) slots.pop();
  // Two cells of paper each side: the model drops a character too near the picture's edge.
  const margin = step * 2;
  const width = margin * 2 + slots.length * step;
  const pixels = new Uint8Array(width * grey.height).fill(255);
  slots.forEach((k, i) => {
    if (k === null) return;
    const from = Math.round((cells[k]?.x ?? 0) - pitch / 2);
    for (let y = 0; y < grey.height; y++) {
      for (let dx = 0; dx < step; dx++) {
        const x = from + dx;
        if (x < 0 || x >= grey.width) continue;
        pixels[y * width + margin + i * step + dx] = grey.pixels[y * grey.width + x] ?? 255;
      }
    }
  });
  return {
    grey: { pixels, width, height: grey.height },
    cellOf: (x) => {
      const i = Math.floor((x - margin) / step);
      const cell = i >= 0 && i < slots.length ? slots[i] : null;
      return cell === null || cell === undefined
        ? null
        : { cell, off: Math.abs(x - margin - (i + 0.5) * step) };
    },
  };
}

/** A zone found in a picture by its ink: where, how tilted, and its format's line length. */
export interface InkZone {
  cx: number;
  cy: number;
  /** The lines' length, first glyph to last, and the band from the first line's top to the last's bottom. */
  lineWidth: number;
  height: number;
  /** Slope of its lines (radians). */
  angle: number;
  /** 44 (a passport's 2 lines) or 30 (a card's 3). */
  chars: 44 | 30;
}

/**
 * The zone in a whole picture (a small grey copy of it), found by its ink alone: the points
 * where a stroke starts (paper to ink, left to right: a sharp fall of grey), their rows'
 * profile sheared at the slope (within ±`maxDegrees`) where it is sharpest, then the bands of
 * rows holding them. The zone is the group of 3 (or else 2) bands one under another, about as
 * long as each other, each far longer than it is high (44 or 30 characters), evenly spaced:
 * the heaviest such group. Null when there is none; the reader then asks OCR's layout analysis.
 */
export function findZone(grey: Grey, maxDegrees = 6): InkZone | null {
  const { pixels, width, height } = grey;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 1; x < width - 2; x++) {
      const fall = (pixels[row + x - 1] ?? 0) - (pixels[row + x + 1] ?? 0);
      // A start of a stroke: the first pixel of a fall of grey, not the rest of it.
      if (fall > 60 && (pixels[row + x - 2] ?? 0) - (pixels[row + x] ?? 0) <= 60) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  if (xs.length < 50) return null;
  const mid = width / 2;
  const rowsAt = (slope: number) => {
    const rows = new Float64Array(height);
    for (let i = 0; i < xs.length; i++) {
      const r = Math.round((ys[i] ?? 0) - ((xs[i] ?? 0) - mid) * slope);
      if (r >= 0 && r < height) rows[r] = (rows[r] ?? 0) + 1;
    }
    return rows;
  };
  let slope = 0;
  let sharpest = -1;
  const maxSlope = Math.tan((maxDegrees * Math.PI) / 180);
  const step = Math.tan((0.2 * Math.PI) / 180);
  for (let s = -maxSlope; s <= maxSlope + 1e-9; s += step) {
    const rows = rowsAt(s);
    let sharp = 0;
    for (const n of rows) sharp += n * n;
    if (sharp > sharpest) {
      sharpest = sharp;
      slope = s;
    }
  }
  const rows = rowsAt(slope);
  const smooth = rows.map((n, i) => ((rows[i - 1] ?? 0) + n + (rows[i + 1] ?? 0)) / 3);
  const peak = Math.max(...smooth);
  const runs: { from: number; to: number }[] = [];
  smooth.forEach((n, i) => {
    if (n < peak / 6) return;
    const last = runs[runs.length - 1];
    if (last && last.to >= i - 1) last.to = i;
    else runs.push({ from: i, to: i });
  });
  // Each band's points, its length (from the 1st to the 99th percentile of their columns) and mass.
  const bands = runs.map((run) => {
    const cols: number[] = [];
    for (let i = 0; i < xs.length; i++) {
      const r = Math.round((ys[i] ?? 0) - ((xs[i] ?? 0) - mid) * slope);
      if (r >= run.from && r <= run.to) cols.push(xs[i] ?? 0);
    }
    cols.sort((a, b) => a - b);
    const x0 = cols[Math.floor(cols.length * 0.01)] ?? 0;
    const x1 = cols[Math.floor(cols.length * 0.99)] ?? 0;
    return { y: (run.from + run.to) / 2, height: run.to - run.from + 1, x0, x1, mass: cols.length };
  });
  let best: { from: number; count: number; mass: number } | null = null;
  for (const count of [3, 2]) {
    for (let i = 0; i + count <= bands.length; i++) {
      const group = bands.slice(i, i + count);
      const lengths = group.map((b) => b.x1 - b.x0);
      const heights = group.map((b) => b.height);
      const longest = Math.max(...lengths);
      const gaps = group.slice(1).map((b, k) => b.y - (group[k]?.y ?? 0));
      const h = Math.max(...heights);
      const fits =
        Math.min(...lengths) > longest * 0.85 &&
        longest > h * (count === 3 ? 18 : 28) &&
        gaps.every((g) => g > h * 1.1 && g < h * 3.5) &&
        (gaps.length < 2 || Math.abs((gaps[0] ?? 0) - (gaps[1] ?? 0)) < h * 0.5) &&
        // Dense: strokes all along (a zone has about 2 starts a character a row).
        group.every((b) => b.mass > ((b.x1 - b.x0) / h) * b.height * 0.5);
      const mass = group.reduce((n, b) => n + b.mass, 0);
      if (fits && (!best || (best.count === count && mass > best.mass))) best = { from: i, count, mass };
    }
    if (best) break;
  }
  if (!best) return null;
  const group = bands.slice(best.from, best.from + best.count);
  const first = group[0];
  const last = group[group.length - 1];
  if (!first || !last) return null;
  const x0 = Math.min(...group.map((b) => b.x0));
  const x1 = Math.max(...group.map((b) => b.x1));
  const cx = (x0 + x1) / 2;
  const r = (first.y + last.y) / 2;
  return {
    cx,
    cy: r + (cx - mid) * slope,
    lineWidth: (x1 - x0) * Math.sqrt(1 + slope * slope),
    height: last.y - first.y + (first.height + last.height) / 2,
    angle: Math.atan(slope),
    chars: best.count === 3 ? 30 : 44,
  };
}
