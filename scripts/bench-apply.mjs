#!/usr/bin/env node
// The server half of the sync push, without a browser: N traveller creates in batches, applied
// as /api/sync/push applies them, on PGlite (a fresh on-disk data directory, as the server runs
// it) or on PostgreSQL when DATABASE_URL is set. Prints the rate, the CPU time and the time per
// batch, to measure one lever at a time (docs/decisions/002-set-based-sync-apply.md).
//   node --import tsx scripts/bench-apply.mjs          N=10000 creates in batches of 500
//   BENCH_APPLY_N, BENCH_APPLY_BATCH                   other sizes
//   BENCH_APPLY_ROUTE=1     through the whole route (app.inject: body check, client id, apply,
//                           answer) on the same database instead of applyMutations
//   BENCH_APPLY_STATEMENTS=1  time and CPU time spent in each statement, summed by its first words
//   BENCH_APPLY_NO_UPKEEP=1  applyMutations without the upkeep that follows writes on PGlite
//                           (statistics, GIN pending lists: db/write-upkeep.ts; the route always has it)
//   BENCH_APPLY_PREP="SQL; SQL"  run before the timed part (e.g. drop an index to see its cost)
//   BENCH_APPLY_PROFILE=file.cpuprofile   a CPU profile of the timed part only (not the set-up)
//   node --import tsx --cpu-prof scripts/bench-apply.mjs   a CPU profile of it all
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { sessions, users } from '../apps/server/src/db/schema.ts';
import { signJwt } from '../apps/server/src/lib/jwt.ts';
import { NATIONAL_SCOPE } from '../apps/server/src/modules/posts/scope.ts';
import { seedDemoPosts } from '../apps/server/src/modules/posts/seed.ts';
import { listPosts } from '../apps/server/src/modules/posts/store.ts';
import { seedBaseline } from '../apps/server/src/seed.ts';
import { TEST_JWT_SECRET, UNTHROTTLED } from '../apps/server/src/test/harness.ts';
import { applyMutations } from '../apps/server/src/write-path/apply.ts';
import { benchTraveler } from '../bench/bench-traveler.mjs';
import { newRecordId } from '../packages/shared/src/domain/record-id.ts';

const N = Number(process.env.BENCH_APPLY_N ?? 10_000);
const BATCH = Number(process.env.BENCH_APPLY_BATCH ?? 500);
const viaRoute = process.env.BENCH_APPLY_ROUTE === '1';

// The traveller the browser sync bench queues, with passports of its own.
const traveler = (i) => benchTraveler(1000000 + i, 'B', 'VN');

/**
 * Times every statement of either driver: they all go through drizzle's
 * PgPreparedQuery.queryWithCache, found on the prototype chain of a prepared query.
 */
function timeStatements(db) {
  const statements = new Map();
  let proto = Object.getPrototypeOf(db.select().from(users).prepare('bench_apply_probe'));
  while (proto && !Object.hasOwn(proto, 'queryWithCache')) proto = Object.getPrototypeOf(proto);
  if (!proto) throw new Error('bench-apply: no queryWithCache to time statements with');
  const original = proto.queryWithCache;
  proto.queryWithCache = async function timed(text, ...rest) {
    const s0 = performance.now();
    const c0 = process.cpuUsage();
    try {
      return await original.call(this, text, ...rest);
    } finally {
      const name = String(text).replace(/\s+/g, ' ').slice(0, 90);
      const entry = statements.get(name) ?? { n: 0, ms: 0, cpuMs: 0 };
      const c = process.cpuUsage(c0);
      entry.n++;
      entry.ms += performance.now() - s0;
      entry.cpuMs += (c.user + c.system) / 1000;
      statements.set(name, entry);
    }
  };
  return statements;
}

/** The route on `database` as the server runs it, with an admin's bearer header. */
async function routeOn(database, work) {
  const app = await buildApp(
    loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: work,
      SEED_DEMO: 'false',
      JWT_SECRET: TEST_JWT_SECRET,
      ...UNTHROTTLED,
    }),
    database,
  );
  await app.ready();
  const { rows } = await database.db.execute(
    "SELECT id::text AS id FROM users WHERE role = 'admin' AND name = 'bench-apply' LIMIT 1",
  );
  const id = String(rows[0]?.id);
  const sid = randomUUID();
  await database.db.insert(sessions).values({
    id: sid,
    userId: id,
    familyId: randomUUID(),
    tokenHash: randomUUID(),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const now = Math.floor(Date.now() / 1000);
  const token = await signJwt({ sub: id, role: 'admin', sid, iat: now, exp: now + 3600 }, TEST_JWT_SECRET);
  return { app, headers: { authorization: `Bearer ${token}` } };
}

/** A way to push one batch: straight into applyMutations, or through the route. */
async function setUp() {
  const work = mkdtempSync(path.join(tmpdir(), 'bh-bench-apply-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  // On disk, as the server runs PGlite (an in-memory one pays for an emulated file system).
  const database = await openDatabase({ databaseUrl, dataDir: databaseUrl ? null : work });
  await seedBaseline(database);
  const userId = randomUUID();
  await database.db.insert(users).values({
    id: userId,
    email: `${userId}@bench.vn`,
    name: 'bench-apply',
    role: 'admin',
    passwordHash: 'x',
  });
  // As the server keeps up its writes (the route's plugin registers the database itself).
  if (process.env.BENCH_APPLY_NO_UPKEEP !== '1') database.upkeep.start(console);
  const route = viaRoute ? await routeOn(database, work) : null;
  // A national admin working at the database's first post, as the route resolves it.
  await seedDemoPosts(database.db);
  const [post] = await listPosts(database.db);
  if (!post) throw new Error('no post in a fresh database');
  const user = {
    id: userId,
    role: 'admin',
    sessionId: randomUUID(),
    scope: { ...NATIONAL_SCOPE, postId: post.id },
  };
  return {
    database,
    close: async () => {
      await route?.app.close();
      await database.close();
      rmSync(work, { recursive: true, force: true });
    },
    push: route
      ? async (clientId, mutations) => {
          const res = await route.app.inject({
            method: 'POST',
            url: '/api/sync/push',
            headers: route.headers,
            payload: { clientId, mutations },
          });
          if (res.statusCode !== 200) throw new Error(`push ${res.statusCode}: ${res.body.slice(0, 300)}`);
          return res.json().results;
        }
      : // The request body arrives as JSON: the apply gets a parsed copy, as from the route.
        async (clientId, mutations) => {
          const body = JSON.parse(JSON.stringify(mutations));
          return applyMutations(database, { user, ip: '127.0.0.1', clientId }, body);
        },
  };
}

const bench = await setUp();
try {
  const { database } = bench;
  for (const stmt of (process.env.BENCH_APPLY_PREP ?? '').split(';').filter((x) => x.trim()))
    await database.db.execute(stmt);
  const statements = process.env.BENCH_APPLY_STATEMENTS === '1' ? timeStatements(database.db) : new Map();
  const clientId = `bench-apply-${randomUUID()}`;
  const perBatch = [];
  const profileTo = process.env.BENCH_APPLY_PROFILE;
  const profiler = profileTo ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const t0 = performance.now();
  // CPU time of this process as well as wall time: PGlite runs in-process, and on a machine
  // shared with other work the CPU time is the steadier figure of the two.
  const cpu0 = process.cpuUsage();
  for (let at = 0; at < N; at += BATCH) {
    const mutations = [];
    for (let i = at; i < Math.min(N, at + BATCH); i++) {
      mutations.push({
        seq: i + 1,
        table: 'travelers',
        op: 'create',
        // As a device makes them (time-ordered UUIDs).
        id: newRecordId(),
        baseVersion: null,
        data: traveler(i),
      });
    }
    const b0 = performance.now();
    const results = await bench.push(clientId, mutations);
    perBatch.push(performance.now() - b0);
    const notApplied = results.filter((r) => r.status !== 'applied');
    if (notApplied.length > 0) throw new Error(`not applied: ${JSON.stringify(notApplied.slice(0, 3))}`);
  }
  const pushedMs = performance.now() - t0;
  // The upkeep queued after the last batch (statistics, GIN pending lists) is part of the work.
  await database.upkeep.settled();
  const ms = performance.now() - t0;
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(profileTo, JSON.stringify(profile));
    profiler.disconnect();
  }
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const { rows: counted } = await database.db.execute('SELECT count(*)::int AS n FROM travelers');
  const sorted = [...perBatch].sort((a, b) => a - b);
  const result = {
    database: database.kind,
    via: viaRoute ? 'route' : 'applyMutations',
    records: N,
    batch: BATCH,
    ms: Math.round(ms),
    // Until the last batch was answered, without the upkeep after it.
    pushedMs: Math.round(pushedMs),
    recordsPerSec: Math.round((N / ms) * 1000),
    cpuMs: Math.round(cpuMs),
    recordsPerCpuSec: Math.round((N / cpuMs) * 1000),
    msPerBatch: {
      median: Number(sorted[Math.floor(sorted.length / 2)].toFixed(1)),
      first: Number(perBatch[0].toFixed(1)),
      last: Number(perBatch.at(-1).toFixed(1)),
    },
    travelersInDb: Number(counted[0]?.n),
  };
  console.log(JSON.stringify(result));
  for (const [name, entry] of [...statements].sort((a, b) => b[1].ms - a[1].ms))
    console.log(
      `${entry.ms.toFixed(0).padStart(7)} ms ${entry.cpuMs.toFixed(0).padStart(6)} cpu-ms ${String(entry.n).padStart(5)}x ${name}`,
    );
} finally {
  await bench.close();
}
