#!/usr/bin/env node
// Runs Biome's native binary for this machine. The registry reachable here carries only the
// Linux builds, so the project depends on the binary package directly rather than on the
// @biomejs/biome wrapper, whose optional per-platform packages `npm ci` could not resolve.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pkg = `@biomejs/cli-${process.platform}-${process.arch}`;
let bin;
try {
  bin = require.resolve(`${pkg}/biome`);
} catch {
  console.error(`Biome binary ${pkg} is not installed (npm ci installs @biomejs/cli-linux-x64).`);
  process.exit(1);
}
const r = spawnSync(bin, process.argv.slice(2), { stdio: 'inherit' });
process.exit(r.status ?? 1);
