#!/usr/bin/env node
// `npm run fuzz`: the long run of the route fuzz test (apps/server/src/test/fuzz.test.ts).
// FUZZ_RUNS requests per route (default 2000) with a random seed (or FUZZ_SEED), on PGlite and
// then, when DATABASE_URL is set (e.g. under scripts/with-postgres.mjs), on that PostgreSQL.
// A failure prints the seed and the request; FUZZ_SEED=<seed> replays it.
import { spawnSync } from 'node:child_process';

const runs = process.env.FUZZ_RUNS ?? '2000';
const seed = process.env.FUZZ_SEED ?? String(Date.now() % 2 ** 31);
const { DATABASE_URL, ...withoutDatabase } = process.env;
const passes = [['PGlite', withoutDatabase]];
if (DATABASE_URL) passes.push(['PostgreSQL', { ...withoutDatabase, DATABASE_URL }]);
for (const [name, env] of passes) {
  console.log(`\n=== route fuzz on ${name}: ${runs} requests per route, FUZZ_SEED=${seed} ===`);
  const r = spawnSync('npx', ['vitest', 'run', '--project', 'server', 'src/test/fuzz.test.ts'], {
    stdio: 'inherit',
    env: { ...env, FUZZ_RUNS: runs, FUZZ_SEED: seed, FUZZ_STATS: env.FUZZ_STATS ?? '', LOG_LEVEL: 'silent' },
  });
  if (r.status !== 0) {
    console.error(
      `\n=== FAILED: route fuzz on ${name} (replay with FUZZ_SEED=${seed} FUZZ_RUNS=${runs}) ===`,
    );
    process.exit(r.status ?? 1);
  }
}
