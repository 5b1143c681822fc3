/**
 * QR, PDF417, Aztec and Data Matrix codes in a picture or a camera frame: the browser's own
 * BarcodeDetector where it reads all of these, else the barcode-detector package (the same API
 * over ZXing-C++ compiled to WebAssembly), whose .wasm comes from our origin (engine-files.ts),
 * never from a CDN. Loaded only when the scan screen reads something.
 */
import { ZXING_WASM } from './engine-files.ts';

const FORMATS = ['qr_code', 'pdf417', 'aztec', 'data_matrix'] as const;

interface Detector {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

/** The native detector when it reads every format we need (Chrome on Android and macOS, Safari 17+...). */
async function nativeDetector(): Promise<Detector | null> {
  const Native: unknown = Reflect.get(globalThis, 'BarcodeDetector');
  if (typeof Native !== 'function') return null;
  const Class = Native as DetectorClass;
  const supported = await Class.getSupportedFormats().catch((): string[] => []);
  if (!FORMATS.every((format) => supported.includes(format))) return null;
  return new Class({ formats: [...FORMATS] });
}

async function zxingDetector(): Promise<Detector> {
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  prepareZXingModule({
    overrides: {
      locateFile: (file: string, prefix: string) =>
        file.endsWith('.wasm') ? new URL(ZXING_WASM, self.location.origin).href : prefix + file,
    },
  });
  return new BarcodeDetector({ formats: [...FORMATS] });
}

let detector: Promise<Detector> | null = null;
/**
 * The engine in use: 'native' or 'zxing'.
 * @internal Exported for the scan bench only (knip --production).
 */
export let barcodeEngine: 'native' | 'zxing' | null = null;

function loadDetector(): Promise<Detector> {
  detector ??= nativeDetector()
    .then(async (native) => {
      barcodeEngine = native ? 'native' : 'zxing';
      return native ?? zxingDetector();
    })
    .catch((error: unknown) => {
      detector = null;
      throw error;
    });
  return detector;
}

/** The text of the first code found, or null. */
export async function readBarcode(source: ImageBitmapSource): Promise<string | null> {
  const found = await (await loadDetector()).detect(source);
  return found.find((code) => code.rawValue !== '')?.rawValue ?? null;
}
