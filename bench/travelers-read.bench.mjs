#!/usr/bin/env node
// Server reads under load (issue 18 item 3): N travellers (250,000 by default) loaded through the
// CSV import, then GET /api/travelers with 50 concurrent clients (autocannon) for the first page
// and for keyset pages at every depth of the listing (nextCursor). Target: >= 3,000 req/s with
// p99 < 100 ms on PostgreSQL (`node scripts/with-postgres.mjs npm run bench -- travelers-read`).
// Writes bench/results/travelers-read.json.
import autocannon from 'autocannon';
import { startServer, writeResult } from './travelers-fixture.mjs';

const N = Number(process.env.BENCH_READ_N ?? 250_000);
const SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_READ_CONNECTIONS ?? 50);
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 3204) });
try {
  // Loaded in slices: one 250,000-row CSV body would pass the server's body limit.
  const SLICE = 50_000;
  let importMs = 0;
  for (let done = 0; done < N; done += SLICE) importMs += await server.load(Math.min(SLICE, N - done), done);
  // Cursors at every depth: walk the whole listing in pages of 500.
  const cursors = [];
  for (let cursor = null; ; ) {
    const page = await server.json(`/api/travelers?pageSize=500${cursor ? `&cursor=${cursor}` : ''}`);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
    cursors.push(cursor);
  }
  const run = (title, pathFor) =>
    new Promise((resolve, reject) => {
      let i = 0;
      autocannon(
        {
          url: server.base,
          connections: CONNECTIONS,
          duration: SECONDS,
          headers: { ...server.headers, 'accept-encoding': 'gzip, br' },
          requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: pathFor(i++) }) }],
        },
        (err, r) => {
          if (err) return reject(err);
          console.error(`${title}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms`);
          resolve({
            requestsPerSec: Math.round(r.requests.average),
            p50Ms: r.latency.p50,
            p99Ms: r.latency.p99,
            non2xx: r.non2xx,
            errors: r.errors,
          });
        },
      );
    });
  await run('warm-up', () => '/api/travelers?pageSize=50');
  const firstPage = await run('first page', () => '/api/travelers?pageSize=50');
  const cursorPages = await run(
    'cursor pages',
    (i) => `/api/travelers?pageSize=50&cursor=${cursors[(i * 7919) % cursors.length]}`,
  );
  const worst = Math.min(firstPage.requestsPerSec, cursorPages.requestsPerSec);
  const worstP99 = Math.max(firstPage.p99Ms, cursorPages.p99Ms);
  writeResult('travelers-read', {
    bench: 'travelers-read',
    date: new Date().toISOString(),
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    travelers: N,
    importMs: Math.round(importMs),
    connections: CONNECTIONS,
    seconds: SECONDS,
    cursorsAtDepth: cursors.length,
    firstPage,
    cursorPages,
    targets: { requestsPerSec: 3000, p99Ms: 100 },
    pass: worst >= 3000 && worstP99 < 100 && firstPage.non2xx + cursorPages.non2xx === 0,
  });
} finally {
  await server.stop();
}
