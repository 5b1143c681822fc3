#!/usr/bin/env node
// Compiles the server to ES modules, apps/server/dist/main.js and the command line tools
// (dist/create-admin.js, migrate.js, backup.js, restore.js), run by plain node in production
// (`npm start`, `npm run create-admin`, `npm run migrate`, `npm run backup`, `npm run restore`),
// and copies PGlite's worker
// (dist/pglite-worker.mjs). npm packages stay external (resolved from node_modules at run time);
// the workspace package @bh/shared is TypeScript source, so it is bundled in.
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps/server');
const pkg = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@bh/'));

const started = Date.now();
await build({
  entryPoints: {
    main: path.join(serverDir, 'src/main.ts'),
    // `npm run create-admin`: the first admin of a production server.
    'create-admin': path.join(serverDir, 'src/cli/create-admin.ts'),
    // `npm run migrate`: the migrations, once, straight on the primary (servers behind a pooler).
    migrate: path.join(serverDir, 'src/cli/migrate.ts'),
    // `npm run backup`, `npm run restore`: either database (src/backup/).
    backup: path.join(serverDir, 'src/cli/backup.ts'),
    restore: path.join(serverDir, 'src/cli/restore.ts'),
  },
  outdir: path.join(serverDir, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
// PGlite's thread (db/pglite-thread.ts) starts this file, found next to the module that starts it.
copyFileSync(
  path.join(serverDir, 'src/db/pglite-worker.mjs'),
  path.join(serverDir, 'dist/pglite-worker.mjs'),
);
console.log(
  `server built to apps/server/dist (main.js and the command line tools, pglite-worker.mjs) in ${Date.now() - started} ms`,
);
