/**
 * Vite plugin: writes a brotli (.br, best quality) and a gzip (.gz) copy next to every built text
 * asset of 1 KB or more, so the server sends them as they are (@fastify/static preCompressed in
 * apps/server/src/plugins/static-web.ts) instead of compressing on every request or not at all.
 * Only when the copy is smaller: a file that does not shrink is served as it is.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'bh:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      // After the other plugins' closeBundle (the service worker is written there).
      order: 'post',
      sequential: true,
      handler() {
        for (const file of files(outDir)) {
          if (statSync(file).size < MIN_BYTES) continue;
          const body = readFileSync(file);
          const br = brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
          });
          const gz = gzipSync(body, { level: 9 });
          if (br.length < body.length) writeFileSync(`${file}.br`, br);
          if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}
