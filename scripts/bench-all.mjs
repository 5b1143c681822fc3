#!/usr/bin/env node
// `npm run bench`: the peer (PouchDB replicating into pouchdb-server, `npm run bench:peer`), then
// every bench/*.bench.mjs in turn (the sync bench first, right after the peer, so both figures
// come from the same run), then the comparison (scripts/bench-compare.mjs) of ours / peer.
// Each writes bench/results/<name>.json. `npm run bench -- sync` runs the benches whose file
// name contains "sync" (plus the peer and the comparison); BENCH_PEER=0 skips the peer.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'bench');
const only = process.argv[2];
let failed = 0;
const step = (name, cmd, args, env = {}) => {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, ...env },
  });
  if (r.status !== 0) {
    failed++;
    console.error(`=== FAILED: ${name} ===`);
  }
};

const withPeer = process.env.BENCH_PEER !== '0' && (!only || 'sync'.includes(only) || only.includes('sync'));
if (withPeer) step('peer: PouchDB -> pouchdb-server', 'npm', ['run', 'bench:peer', '--silent']);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs') && (!only || f.includes(only)))
  // The sync bench runs right after the peer (the ratio compares the two).
  .sort((a, b) => Number(b.startsWith('sync')) - Number(a.startsWith('sync')) || a.localeCompare(b));
// Lighthouse measures the built app as the server sends it.
if (benches.includes('lighthouse.bench.mjs'))
  step('build web app', 'npm', ['run', 'build', '-w', '@bh/web', '--silent']);
for (const file of benches) {
  step(file, process.execPath, ['--import', 'tsx', path.join(dir, file)]);
  // The sync bench again on PostgreSQL 15 with its durability settings (the system of record of
  // a country's deployment), right after the embedded database's run; where PostgreSQL's
  // binaries are absent, with-postgres says so and the comparison reports PGlite's alone.
  if (file === 'sync.bench.mjs')
    step(
      `${file} on PostgreSQL`,
      process.execPath,
      ['scripts/with-postgres.mjs', process.execPath, '--import', 'tsx', path.join(dir, file)],
      { PG_DURABLE: '1' },
    );
}
if (withPeer)
  step('comparison: ours / peer', process.execPath, [path.join(root, 'scripts/bench-compare.mjs')]);
process.exit(failed ? 1 : 0);
