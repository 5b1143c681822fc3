/**
 * Vite plugin: the files of the scan screen's engines, served from the app's own origin (no CDN:
 * the app works offline and its Content-Security-Policy names no other host), under fixed paths
 * that apps/web/src/features/intake/mrz-ocr/engine-files.ts names:
 * - /ocr/: tesseract.js's worker script, its LSTM-only core (SIMD and plain builds, each a
 *   loader and its .wasm, which the core looks for beside the worker) and the English
 *   traineddata (best_int, gzipped; the worker unpacks it);
 * - /zxing/: the ZXing reader's .wasm, for browsers without a native BarcodeDetector.
 * Emitted into the build (the service worker precaches them, vite.config.ts) and served by the
 * dev server from node_modules. The app loads them only when the scan screen reads something.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
// The packages' folders, resolved as Node does wherever npm put them.
const tesseract = () => path.dirname(require.resolve('tesseract.js/package.json'));
const core = () => path.dirname(require.resolve('tesseract.js-core/package.json'));
const english = () => path.dirname(require.resolve('@tesseract.js-data/eng/package.json'));

/** Each path it is served at, and where the file comes from. */
export const ENGINE_FILES: Record<string, () => string> = {
  'ocr/worker.min.js': () => path.join(tesseract(), 'dist/worker.min.js'),
  'ocr/tesseract-core-simd-lstm.js': () => path.join(core(), 'tesseract-core-simd-lstm.js'),
  'ocr/tesseract-core-simd-lstm.wasm': () => path.join(core(), 'tesseract-core-simd-lstm.wasm'),
  'ocr/tesseract-core-lstm.js': () => path.join(core(), 'tesseract-core-lstm.js'),
  'ocr/tesseract-core-lstm.wasm': () => path.join(core(), 'tesseract-core-lstm.wasm'),
  'ocr/eng.traineddata.gz': () => path.join(english(), '4.0.0_best_int/eng.traineddata.gz'),
  // Its package exports the file; apps/web pins zxing-wasm to the version barcode-detector pins.
  'zxing/zxing_reader.wasm': () => require.resolve('zxing-wasm/reader/zxing_reader.wasm'),
};

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.gz': 'application/gzip',
};

export function scanEngines(): Plugin {
  return {
    name: 'bh:scan-engines',
    generateBundle() {
      for (const [fileName, file] of Object.entries(ENGINE_FILES)) {
        this.emitFile({ type: 'asset', fileName, source: readFileSync(file()) });
      }
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = (req.url ?? '').split('?')[0]?.slice(1) ?? '';
        const file = ENGINE_FILES[name];
        if (!file) return next();
        res.setHeader('Content-Type', TYPES[path.extname(name)] ?? 'application/octet-stream');
        createReadStream(file()).pipe(res);
      });
    },
  };
}
