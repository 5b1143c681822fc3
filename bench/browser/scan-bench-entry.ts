/**
 * Benchmark page of the scan screen's engines, driven by bench/scan.bench.mjs through
 * window.scanBench, with the app's own decoders (apps/web/src/features/intake/decode-image.ts):
 * - mrz(): generated specimen documents (mrz-specimen.ts) photographed badly, each read as an
 *   uploaded picture is (a code first, then the zone by OCR) and compared field by field;
 * - barcodes(): 1920x1080 frames each holding one code (made by the bench with ZXing's writer),
 *   timed as the camera's frame loop decodes them (3 to 5 pixels a module, tilted up to 5 degrees).
 */
import { decodeImageFile } from '../../apps/web/src/features/intake/decode-image.ts';
import { barcodeEngine, readBarcode } from '../../apps/web/src/features/intake/mrz-ocr/barcode.ts';
import { loadOcr } from '../../apps/web/src/features/intake/mrz-ocr/mrz-reader.ts';
import { type MrzFields, parseMrz } from '../../packages/shared/src/domain/mrz.ts';
import { photograph, seeded, specimen } from './mrz-specimen.ts';

declare global {
  interface Window {
    scanBench: unknown;
  }
}

const FIELDS: (keyof MrzFields)[] = [
  'fullName',
  'passportNo',
  'nationalityCode',
  'birthDate',
  'gender',
  'passportExpiry',
];

async function useFont(base64: string | null): Promise<string> {
  if (!base64) return 'monospace';
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const face = new FontFace('OCR-B bench', bytes);
  await face.load();
  document.fonts.add(face);
  return '"OCR-B bench"';
}

window.scanBench = {
  async mrz(n: number, seed: number, fontBase64: string | null) {
    const font = await useFont(fontBase64);
    const r = seeded(seed);
    const started = performance.now();
    await loadOcr();
    const loadMs = performance.now() - started;
    const results = [];
    for (let i = 0; i < n; i++) {
      const doc = specimen(r, i % 2 === 0 ? 'TD3' : 'TD1');
      const photo = await photograph(doc, r, font);
      if (Reflect.get(globalThis, '__ocrDebug'))
        console.log('TRUTH', i, JSON.stringify(doc.lines.join('\n')));
      const t0 = performance.now();
      const read = await decodeImageFile(photo).catch((e: unknown) => String(e));
      const ms = performance.now() - t0;
      const truth = parseMrz(doc.lines.join('\n'));
      const mrz = typeof read === 'object' && read?.kind === 'mrz' ? read.mrz : null;
      const got = mrz ? parseMrz(mrz.text) : null;
      const wrong = FIELDS.filter((f) => !got || got.fields[f] !== truth?.fields[f]);
      results.push({
        format: doc.format,
        ms,
        bytes: photo.size,
        allRight: wrong.length === 0,
        wrong,
        failedChecks: mrz?.failed ?? null,
        corrections: mrz?.corrections ?? null,
        attempts: mrz?.attempts ?? null,
        truth: doc.lines.join('\n'),
        read: mrz?.text ?? (typeof read === 'string' ? read : null),
      });
    }
    return { loadMs, results, userAgent: navigator.userAgent };
  },

  /**
   * One specimen photographed (base64 JPEG), its zone and what the app reads from it: how
   * apps/web/e2e/fixtures/passport-mrz.jpg was made (bench/make-mrz-fixture.mjs).
   */
  async sample(seed: number, format: 'TD1' | 'TD3', fontBase64: string | null) {
    const font = await useFont(fontBase64);
    const r = seeded(seed);
    const doc = specimen(r, format);
    const photo = await photograph(doc, r, font);
    const read = await decodeImageFile(photo);
    const bytes = new Uint8Array(await photo.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return { jpeg: btoa(binary), truth: doc.lines.join('\n'), read: read?.kind === 'mrz' ? read.mrz : null };
  },

  /** Each code (PNG, base64) drawn at a random place and size on a noisy 1920x1080 frame. */
  async barcodes(codes: { format: string; text: string; png: string }[], frames: number) {
    const r = seeded(7);
    const out: Record<string, { ms: number[]; right: number }> = {};
    const raw: Record<string, boolean> = {};
    for (const code of codes) {
      const png = new Blob([Uint8Array.from(atob(code.png), (c) => c.charCodeAt(0))], { type: 'image/png' });
      const image = await createImageBitmap(png);
      // The code's own picture, as an uploaded image is read.
      raw[code.format] = (await readBarcode(image)) === code.text;
      const entry: { ms: number[]; right: number } = { ms: [], right: 0 };
      for (let f = 0; f < frames; f++) {
        const canvas = document.createElement('canvas');
        canvas.width = 1920;
        canvas.height = 1080;
        const c = canvas.getContext('2d', { willReadFrequently: true });
        if (!c) throw new Error('no 2D context');
        c.fillStyle = `hsl(${r.int(0, 360)} 10% ${r.int(55, 80)}%)`;
        c.fillRect(0, 0, 1920, 1080);
        // 3 to 5 pixels a module (the pictures are written at 4), as a code held to a camera.
        const w = Math.min(image.width * (0.75 + r.next() * 0.5), 1600);
        const h = (image.height / image.width) * w;
        c.fillStyle = '#fff';
        c.translate(r.int(100, 1820 - w) + w / 2, r.int(60, 1020 - h) + h / 2);
        // Tilted up to 5 degrees, but a PDF417 level ('pdf417_tilted' measures it tilted too).
        c.rotate(((r.next() * 2 - 1) * (code.format === 'pdf417' ? 0 : 5) * Math.PI) / 180);
        c.fillRect(-w / 2 - 30, -h / 2 - 30, w + 60, h + 60);
        c.imageSmoothingEnabled = true;
        c.drawImage(image, -w / 2, -h / 2, w, h);
        c.setTransform(1, 0, 0, 1, 0, 0);
        const t0 = performance.now();
        const text = await readBarcode(canvas);
        entry.ms.push(performance.now() - t0);
        if (text === code.text) entry.right++;
      }
      out[code.format] = entry;
    }
    return { engine: barcodeEngine, results: out, raw };
  },
};
document.getElementById('state')?.replaceChildren('ready');
