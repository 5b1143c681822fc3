/**
 * Where the scan screen's engines are served, from the app's own origin (apps/web/build/
 * scan-engines.ts puts them there; the service worker precaches them, so they work offline).
 */

/** A wasm module using one SIMD instruction: it validates only where wasm SIMD is supported. */
const SIMD_PROBE = Uint8Array.from(atob('AGFzbQEAAAABBQFgAAF7AwIBAAoKAQgAQQD9D/1iCw=='), (char) =>
  char.charCodeAt(0),
);

const absolute = (path: string) => new URL(path, self.location.origin).href;

/** tesseract.js: its worker, the LSTM-only core this browser can run, and the traineddata folder. */
export function ocrFiles() {
  const simd = typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
  return {
    workerPath: absolute('/ocr/worker.min.js'),
    corePath: absolute(simd ? '/ocr/tesseract-core-simd-lstm.js' : '/ocr/tesseract-core-lstm.js'),
    langPath: absolute('/ocr'),
  };
}

/** The ZXing reader's wasm (the barcode-detector package's fallback engine). */
export const ZXING_WASM = '/zxing/zxing_reader.wasm';
