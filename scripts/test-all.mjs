#!/usr/bin/env node
// `npm test`: lint, typecheck, unit + component tests, API tests on PGlite, the same API
// tests on a throw-away PostgreSQL 15, the build, the cluster drill, a smoke flow in Firefox ESR and WebKitGTK,
// then the end-to-end tests in Chromium. Stops at the first failing step and exits non-zero.
import { spawnSync } from 'node:child_process';

const steps = [
  ['lint', 'node', ['scripts/biome.mjs', 'check', '.']],
  ['unused files and exports (knip)', 'npx', ['knip']],
  // Production code only (tests are not entries): an export only tests use is reported. Types
  // left out: the shared contract's inferred types are documentation, not code that runs.
  ['exports only tests use (knip --production)', 'npx', ['knip', '--production', '--exclude', 'types']],
  // Type-only imports included (Biome's noImportCycles leaves those out).
  ['import cycles', 'node', ['scripts/import-cycles.mjs']],
  // Screens import each other only where docs/architecture.md names it; none imports the shell.
  ['feature boundaries', 'node', ['scripts/feature-boundaries.mjs']],
  ['cast budget', 'node', ['scripts/metrics.mjs', '--max-as', '60']],
  ['typecheck', 'npm', ['run', 'typecheck', '--silent']],
  [
    'unit + component tests',
    'npx',
    ['vitest', 'run', '--project', 'shared', '--project', 'tooling', '--project', 'web'],
  ],
  ['API and sync tests on PGlite', 'npx', ['vitest', 'run', '--project', 'server', '--project', 'sync']],
  [
    'API and sync tests on PostgreSQL 15',
    'node',
    ['scripts/with-postgres.mjs', 'npx', 'vitest', 'run', '--project', 'server', '--project', 'sync'],
  ],
  ['build web app and server', 'npm', ['run', 'build', '--silent']],
  // The login and list routes' JS budgets (gzipped KB, in the script): fail past them.
  ['bundle budget', 'node', ['scripts/bundle-size.mjs', '--check']],
  // The cluster of docs/deployment.md (PostgreSQL primary + replica, PgBouncer, haproxy, two
  // instances of the built server) started from scratch, checked and stopped.
  ['cluster on PostgreSQL', 'npm', ['run', 'test:cluster', '--silent']],
  // The smoke flow (sign in, list, offline add, reload, sync once, declaration, pre-arrival) in
  // Debian's Firefox ESR and WebKitGTK, against the built server on a port of its own.
  ['smoke flow in Firefox ESR and WebKitGTK', 'node', ['scripts/engines-smoke.mjs']],
  ['end-to-end tests in Chromium', 'npx', ['playwright', 'test']],
];
const only = process.argv[2];
const t0 = Date.now();
for (const [name, cmd, args] of steps) {
  if (only && !name.includes(only)) continue;
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, {
    stdio: 'inherit',
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
  });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`\n=== FAILED: ${name} (${secs}s) ===`);
    process.exit(r.status ?? 1);
  }
  console.log(`=== ok: ${name} (${secs}s) ===`);
}
console.log(`\nall test steps passed in ${((Date.now() - t0) / 1000).toFixed(0)}s`);
