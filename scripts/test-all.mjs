#!/usr/bin/env node
// `npm test`: lint, typecheck, unit + component tests, API tests on PGlite, the same API
// tests on a throw-away PostgreSQL 15, the build, the cluster drill, a smoke flow in Firefox ESR and WebKitGTK,
// then the end-to-end tests in Chromium. Stops at the first failing step and exits non-zero.
import { spawn, spawnSync } from 'node:child_process';

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
  // Two lanes at once (the API suites run their files one at a time, so each keeps one core
  // busy): the PGlite pass on one, and on the other the PostgreSQL pass, the build and what
  // needs the build. Each lane's output is printed whole when it ends.
  {
    lanes: [
      [
        [
          'API and sync tests on PGlite',
          'npx',
          ['vitest', 'run', '--project', 'server', '--project', 'sync'],
        ],
      ],
      [
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
      ],
    ],
  },
  ['end-to-end tests in Chromium', 'npx', ['playwright', 'test']],
];
const only = process.argv[2];
const env = { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' };
const selected = (name) => !only || name.includes(only);
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

function fail(name, secs, status) {
  console.error(`\n=== FAILED: ${name} (${secs}s) ===`);
  process.exit(status ?? 1);
}

/** One step with its output as it comes. */
function runStep([name, cmd, args]) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (r.status !== 0) fail(name, seconds(started), r.status);
  console.log(`=== ok: ${name} (${seconds(started)}s) ===`);
}

/** A lane's steps in turn, output kept; resolves to the failed step (or null) and the output. */
async function runLane(lane) {
  let out = '';
  for (const [name, cmd, args] of lane.filter(([name]) => selected(name))) {
    const started = Date.now();
    out += `\n=== ${name} ===\n`;
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
    });
    const status = await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
    if (status !== 0) return { failed: { name, secs: seconds(started), status }, out };
    out += `=== ok: ${name} (${seconds(started)}s) ===\n`;
  }
  return { failed: null, out };
}

const t0 = Date.now();
for (const step of steps) {
  if (Array.isArray(step)) {
    if (selected(step[0])) runStep(step);
    continue;
  }
  const names = step.lanes
    .flat()
    .map(([name]) => name)
    .filter(selected);
  if (names.length === 0) continue;
  console.log(`\n=== at once: ${names.join(' | ')} ===`);
  const results = await Promise.all(step.lanes.map(runLane));
  for (const { out } of results) process.stdout.write(out);
  const failed = results.find((r) => r.failed)?.failed;
  if (failed) fail(failed.name, failed.secs, failed.status);
}
console.log(`\nall test steps passed in ${((Date.now() - t0) / 1000).toFixed(0)}s`);
