/**
 * The machine-readable zone of a passport or ID card read from a picture on the device:
 * tesseract.js (its LSTM engine, English traineddata, only A-Z 0-9 < allowed) in its own worker,
 * the files from our origin (engine-files.ts). The zone is found by its ink (zone-lines.ts: no
 * OCR, a few tens of milliseconds), each of its lines cropped level, its cells laid on OCR-B's
 * fixed pitch and its fillers told by their shape, and OCR reads the other characters with the
 * fillers taken out (the English model reads OCR-B's '<' as K, L, C or E). When the ink shows no
 * zone, or that read's check digits fail, OCR's own layout analysis looks for the zone, which is
 * read again line by line, then as a block at other scales and thresholds. Each read is mended
 * from the likely confusions (packages/shared mrz-ocr.ts). The first read whose every check
 * digit holds wins; else the best one comes back with its failed checks, which the review shows
 * on their fields: never saved silently.
 */
import { type MrzCheck, parseMrz } from '@bh/shared';
// Apart from the package's index: only the scan screen needs it.
import { mendOcrZone, zoneFromOcr } from '@bh/shared/mrz-ocr';
import type { Worker as OcrWorker, Page, PSM } from 'tesseract.js';
import { ocrFiles } from './engine-files.ts';
import { type Grey, pgm, prepare, type Region, wholeOf } from './image-prep.ts';
import { cellText, gridText, lineText, type OcrSymbol } from './ocr-text.ts';
import { findLines, findZone, lineCells, withoutFillers } from './zone-lines.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

export interface MrzRead {
  /** The zone, mended, as text for readScan / parseMrz. */
  text: string;
  /** Characters changed from what OCR read. */
  corrections: number;
  /** Check digits that still fail. */
  failed: MrzCheck[];
  /** Reads made (1 when the first held). */
  attempts: number;
}

/**
 * tesseract.js's own ES module build: its sources are CommonJS, whose interop helpers the
 * bundler would otherwise put in the chunk every screen loads.
 */
const tesseract = (): Promise<typeof import('tesseract.js')> =>
  import('tesseract.js/dist/tesseract.esm.min.js').then((m) => m.default);

let worker: Promise<OcrWorker> | null = null;

/** Starts the OCR worker (the scan screen calls it when opened, so a read does not wait for it). */
export function loadOcr(): Promise<OcrWorker> {
  worker ??= (async () => {
    const { createWorker, OEM } = await tesseract();
    const created = await createWorker('eng', OEM.LSTM_ONLY, {
      ...ocrFiles(),
      workerBlobURL: false,
      cacheMethod: 'none',
      gzip: true,
    });
    await created.setParameters({ tessedit_char_whitelist: ALPHABET });
    return created;
  })();
  worker.catch(() => {
    worker = null;
  });
  return worker;
}

/** Ends the worker (the scan screen closed): its memory is given back. */
export function releaseOcr() {
  const current = worker;
  worker = null;
  void current?.then((w) => w.terminate()).catch(() => undefined);
}

/** The zone's reads, until one's check digits all hold: scale (pixels a character) and threshold. */
const ZONE_READS: { pitch: number; threshold: number | null }[] = [
  { pitch: 30, threshold: null },
  { pitch: 30, threshold: 0 },
  { pitch: 36, threshold: null },
  { pitch: 25, threshold: -20 },
];
/**
 * How the picture is read to find the zone: page layout at two scales, then, when neither finds
 * it (layout analysis can take a noisy zone for a picture), its lower half as one block of text
 * (where the zone of a passport page or the back of a card held upright is).
 */
const FIND_READS = [
  { width: 1600, mode: 'AUTO', part: 'whole' },
  { width: 1100, mode: 'AUTO', part: 'whole' },
  { width: 1600, mode: 'SINGLE_BLOCK', part: 'lower' },
] as const;

type Line = Page['blocks'] extends (infer B)[] | null
  ? B extends { paragraphs: { lines: (infer L)[] }[] }
    ? L
    : never
  : never;

/** Scales (pixels a character) the zone's lines are read at, in turn, until a read holds. */
const LINE_PITCHES = [30, 38, 24];

/** Width the whole picture is looked at to find the zone by its ink (zone-lines.ts findZone). */
const INK_WIDTH = 800;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The zone's part of the source, level, with a margin: from the lines that look like its own (long, with fillers). */
function zoneRegion(
  page: Page,
  scale: number,
  origin: { x: number; y: number },
): { region: Region; chars: number; lineWidth: number } | null {
  const lines: Line[] = (page.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
  const zone = lines.filter((line) => line.text.replace(/\s/g, '').length >= 20 && line.text.includes('<'));
  if (zone.length === 0) return null;
  const angle = median(
    zone.map((l) => Math.atan2(l.baseline.y1 - l.baseline.y0, l.baseline.x1 - l.baseline.x0 || 1)),
  );
  const tan = Math.abs(Math.tan(angle));
  const x0 = Math.min(...zone.map((l) => l.bbox.x0));
  const y0 = Math.min(...zone.map((l) => l.bbox.y0));
  const x1 = Math.max(...zone.map((l) => l.bbox.x1));
  const y1 = Math.max(...zone.map((l) => l.bbox.y1));
  const length = median(zone.map((l) => l.text.replace(/\s/g, '').length));
  const chars = length > 37 ? 44 : 30;
  const expected = chars === 44 ? 2 : 3;
  const lineHeight = median(
    zone.map((l) => Math.max(4, l.bbox.y1 - l.bbox.y0 - (l.bbox.x1 - l.bbox.x0) * tan)),
  );
  const lineWidth = (x1 - x0) / Math.cos(angle);
  const width = lineWidth + lineHeight * 3;
  const height =
    Math.max(y1 - y0 - (x1 - x0) * tan, lineHeight) +
    lineHeight * (2 + 3.2 * Math.max(0, expected - zone.length));
  return {
    chars,
    lineWidth: lineWidth / scale,
    region: {
      cx: origin.x + (x0 + x1) / 2 / scale,
      cy: origin.y + (y0 + y1) / 2 / scale,
      width: width / scale,
      height: height / scale,
      angle,
    },
  };
}

/** A point of a crop prepared from `region` at `scale` (w x h pixels) in the source's pixels. */
function toSource(region: Region, scale: number, grey: Grey, x: number, y: number) {
  const dx = (x - grey.width / 2) / scale;
  const dy = (y - grey.height / 2) / scale;
  const cos = Math.cos(region.angle);
  const sin = Math.sin(region.angle);
  return { x: region.cx + dx * cos - dy * sin, y: region.cy + dx * sin + dy * cos };
}

/**
 * The zone's lines, each its own region of the source, level: found by their ink in a grey crop
 * of the zone (zone-lines.ts). Null when the crop does not show as many lines as the format has.
 */
function lineRegions(source: CanvasImageSource, zone: { region: Region; chars: number; lineWidth: number }) {
  const count = zone.chars === 44 ? 2 : 3;
  const scaledWidth = zone.chars * 16 * (zone.region.width / zone.lineWidth);
  const crop = prepare(source, zone.region, scaledWidth, null);
  const found = findLines(crop.grey, count);
  if (!found) return null;
  const angle = zone.region.angle + Math.atan(found.slope);
  const chars = found.bands.length === 2 ? 44 : 30;
  const regions = found.bands.map((band) => {
    const centre = toSource(zone.region, crop.scale, crop.grey, crop.grey.width / 2, band.y);
    return {
      cx: centre.x,
      cy: centre.y,
      width: zone.region.width,
      height: (band.height * 1.8) / crop.scale,
      angle,
    };
  });
  return { regions, chars };
}
/** What each step found, on the console, when the scan bench asks (BENCH_SCAN_DEBUG). */
const debug = (args: () => unknown[]) => {
  if (Reflect.get(globalThis, '__ocrDebug')) console.log('DBG', ...args());
};

/**
 * Reads the zone of a picture; null when no zone was found in any read. `quick` (camera frames,
 * more to come): one search and one read of the zone.
 */
export async function readMrz(
  source: CanvasImageSource,
  width: number,
  height: number,
  quick = false,
): Promise<MrzRead | null> {
  const ocr = await loadOcr();
  const { PSM } = await tesseract();
  // The best read so far (fewest failed check digits); an object, so the closures update it.
  const kept: {
    best: MrzRead | null;
    guess?: MrzRead;
    /** The first zone read line by line, its fillers told by their ink: its name is the one to trust. */
    lined?: { format: string; lines: string[] };
  } = { best: null };
  let attempts = 0;
  /** `fillersRead`: a read line by line, each '<' told by its ink. */
  const consider = (ocrText: string, fillersRead = false): MrzRead | null => {
    const text = fillersRead ? ocrText : withNameOf(ocrText, kept.lined);
    if (fillersRead) kept.lined ??= zoneFromOcr(ocrText) ?? undefined;
    const mended = mendOcrZone(text, { fillersRead });
    const parsed = mended ? parseMrz(mended.text) : null;
    debug(() => ['consider', JSON.stringify(text), '->', JSON.stringify(mended?.text), parsed?.failed]);
    if (!mended || !parsed) return null;
    const read = { text: mended.text, corrections: mended.corrections, failed: parsed.failed, attempts };
    const sure = read.failed.length === 0 && mended.guessed === 0;
    // A read whose check digits hold only by a guess of theirs (mendOcrZone's `guessed`) is
    // trusted when another read gives the same zone, or when no read gives a sure one.
    if (read.failed.length === 0 && !sure) {
      if (kept.guess?.text === read.text) return read;
      kept.guess ??= read;
    }
    if (!kept.best || read.failed.length < kept.best.failed.length) kept.best = read;
    return sure ? read : null;
  };
  /** `chars`: the zone's line length when known (a read of the zone): its lines go on the grid. */
  const pageText = (page: Page, chars?: number) =>
    (page.blocks ?? [])
      .flatMap((b) => b.paragraphs.flatMap((p) => p.lines))
      .map((line) =>
        symbolsText(
          line.words.flatMap((w) => w.symbols),
          chars,
        ),
      )
      .join('\n');
  const recognise = async (region: Region, scaledWidth: number, threshold: number | null, mode: PSM) => {
    const t0 = performance.now();
    const prepared = prepare(source, region, scaledWidth, threshold);
    await ocr.setParameters({ tessedit_pageseg_mode: mode });
    const { data } = await ocr.recognize(prepared.image, {}, { text: true, blocks: true });
    attempts++;
    debug(() => [
      `mode=${mode} ${prepared.grey.width}x${prepared.grey.height} thr=${threshold} ms=${Math.round(performance.now() - t0)}`,
      JSON.stringify(data.text),
    ]);
    return { data, prepared };
  };
  const symbolsOf = (page: Page) =>
    (page.blocks ?? []).flatMap((b) =>
      b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.flatMap((w) => w.symbols))),
    );
  /**
   * Each line of the zone read on its own: its cells found by their ink, the fillers among them
   * told by their shape, the others read by OCR with the fillers taken out.
   */
  const readLines = async (lines: Region[], chars: number, lineWidth: number, pitch: number) => {
    const texts: string[] = [];
    let fillersRead = true;
    let complete = true;
    await ocr.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_LINE });
    for (const line of lines) {
      const t0 = performance.now();
      const prepared = prepare(source, line, chars * pitch * (line.width / lineWidth), null);
      const found = lineCells(prepared.grey, chars, pitch);
      const compact = found && withoutFillers(prepared.grey, found.cells, found.pitch);
      const { data } = await ocr.recognize(
        compact ? pgm(compact.grey) : prepared.image,
        {},
        { blocks: true, text: true },
      );
      attempts++;
      const symbols = symbolsOf(data);
      const text =
        compact && found ? cellText(symbols, found.cells, compact.cellOf) : symbolsText(symbols, chars);
      debug(() => [
        'cells',
        JSON.stringify(text),
        found?.cells.map((c) => `${c.width.toFixed(2)}/${c.left.toFixed(2)}`).join(' '),
      ]);
      debug(() => [
        `line ${Math.round(performance.now() - t0)} ms`,
        JSON.stringify(data.text),
        found?.pitch,
        JSON.stringify(text),
      ]);
      texts.push(text);
      if (!compact) fillersRead = false;
      // A character whose ink is there but which OCR did not read (left '<').
      if (found?.cells.some((cell, k) => !cell.filler && text.charAt(k) === '<')) complete = false;
    }
    return { text: texts.join('\n'), fillersRead, complete: fillersRead && complete };
  };
  const t0 = performance.now();
  const small = prepare(source, wholeOf(width, height), INK_WIDTH, null);
  const ink = findZone(small.grey);
  debug(() => [`findZone ${Math.round(performance.now() - t0)} ms`, JSON.stringify(ink)]);
  if (ink) {
    const centre = toSource(wholeOf(width, height), small.scale, small.grey, ink.cx, ink.cy);
    const lineWidth = ink.lineWidth / small.scale;
    const pitch = lineWidth / (ink.chars - 1);
    const zone = {
      chars: ink.chars,
      lineWidth,
      region: {
        cx: centre.x,
        cy: centre.y,
        width: lineWidth + pitch * 6,
        height: (ink.height * 1.5) / small.scale,
        angle: ink.angle,
      },
    };
    const lines = lineRegions(source, zone);
    debug(() => ['ink lines', JSON.stringify(lines)]);
    const texts = new Set<string>();
    for (const pitch of lines ? LINE_PITCHES.slice(0, quick ? 1 : undefined) : []) {
      if (!lines) break;
      const read = await readLines(lines.regions, lines.chars, zone.lineWidth, pitch);
      const held = consider(read.text, read.fillersRead);
      if (held) return { ...held, attempts };
      // A read with a character missed stops none (OCR's layout and block reads may read it).
      texts.add(read.complete ? read.text : `${read.text}?${pitch}`);
    }
    // Every scale read the same zone, every filler told by its ink and every other character
    // read: what fails is what is printed or what the model cannot tell in OCR-B (O and 0), and
    // OCR's layout analysis and block reads, slower and less sure, would not read it better. The
    // review shows the failed fields.
    if (texts.size === 1 && !quick && kept.best) return { ...kept.best, attempts };
  }
  for (const find of quick ? FIND_READS.slice(0, 1) : FIND_READS) {
    const part =
      find.part === 'whole'
        ? wholeOf(width, height)
        : { ...wholeOf(width, height / 2), cy: (height * 3) / 4 };
    const found = await recognise(part, find.width, null, PSM[find.mode]);
    const zone = zoneRegion(found.data, found.prepared.scale, {
      x: part.cx - part.width / 2,
      y: part.cy - part.height / 2,
    });
    if (!zone) {
      consider(pageText(found.data));
      continue;
    }
    const lines = lineRegions(source, zone);
    debug(() => ['lines', JSON.stringify(lines), JSON.stringify(zone)]);
    for (const pitch of lines ? LINE_PITCHES.slice(0, quick ? 1 : undefined) : []) {
      if (!lines) break;
      const read = await readLines(lines.regions, lines.chars, zone.lineWidth, pitch);
      const held = consider(read.text, read.fillersRead);
      if (held) return { ...held, attempts };
    }
    for (const read of quick ? ZONE_READS.slice(0, 1) : ZONE_READS) {
      // The zone's lines `pitch` pixels a character, its margin in proportion.
      const scaledWidth = zone.chars * read.pitch * (zone.region.width / zone.lineWidth);
      const { data } = await recognise(zone.region, scaledWidth, read.threshold, PSM.SINGLE_BLOCK);
      const held = consider(pageText(data, zone.chars));
      if (held) return { ...held, attempts };
    }
    consider(pageText(found.data));
    if (kept.best) break;
  }
  const last = kept.guess ?? kept.best;
  return last && { ...last, attempts };
}

/**
 * A zone read as a block (OCR's K, L, C, E for '<' mended by guesswork) with its name line taken
 * from a zone read line by line (`lined`, each '<' told by its ink) of the same format: a name
 * has no check digit, so a block read that holds may still carry a misread name.
 */
function withNameOf(read: string, lined: { format: string; lines: string[] } | undefined): string {
  const zone = zoneFromOcr(read);
  if (!zone || !lined || lined.format !== zone.format) return read;
  const name = zone.format === 'TD3' ? 0 : 2;
  return zone.lines.map((line, l) => (l === name ? (lined.lines[name] ?? line) : line)).join('\n');
}

/** A line's symbols as text: on the grid when `chars` is known and they are about that many. */
function symbolsText(symbols: OcrSymbol[], chars?: number) {
  const onGrid = chars && Math.abs(symbols.length - chars) <= chars / 5 ? gridText(symbols, chars) : null;
  return onGrid ?? lineText(symbols);
}
