#!/usr/bin/env node
// CSV transfer at scale (issue 13, "Unbounded export"): a real server on a fresh data directory
// imports N travellers through POST /api/travelers/bulk-import while a probe writes one
// traveller every 100 ms (how long does a writer wait for the write lock?), then runs two
// exports of all N at once while /api/health is polled and the server's RSS is sampled.
// Reports: import time and the longest chunk transaction (server log), the slowest probe
// write, RSS before/peak during the exports, /api/health p50/max. Writes
// bench/results/travelers-transfer.json.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { percentile, root, travelersCsv } from './travelers-fixture.mjs';

const N = Number(process.env.BENCH_TRAVELERS_N ?? 100_000);
const port = Number(process.env.BENCH_PORT ?? 3204);
const work = mkdtempSync(path.join(tmpdir(), 'bh-bench-transfer-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(work, 'data'),
    LOG_LEVEL: 'info',
    DATABASE_URL: process.env.DATABASE_URL ?? '',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let importLog = null;
let pending = '';
server.stdout.on('data', (chunk) => {
  pending += chunk.toString();
  let end = pending.indexOf('\n');
  while (end >= 0) {
    const line = pending.slice(0, end);
    pending = pending.slice(end + 1);
    if (line.includes('traveller import written')) importLog = JSON.parse(line);
    end = pending.indexOf('\n');
  }
});
const rssMb = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};
const base = `http://127.0.0.1:${port}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (i > 480) throw new Error('server did not start');
    await sleep(250);
  }
  const login = await (
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.vn', password: 'Admin@123' }),
    })
  ).json();
  const headers = { authorization: `Bearer ${login.token}` };

  // Import, with a writer probing the write lock.
  const csv = travelersCsv(N);
  const rssBeforeImport = rssMb();
  let importing = true;
  const writes = [];
  let rssImportPeak = rssBeforeImport;
  const probe = (async () => {
    for (let i = 0; importing; i++) {
      const started = performance.now();
      const res = await fetch(`${base}/api/travelers`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          id: randomUUID(),
          fullName: `Probe ${i}`,
          passportNo: `PR${String(i).padStart(7, '0')}`,
          nationality: 'FR',
          entryDate: '2024-06-01',
          status: 'pending',
        }),
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`probe write ${res.status}`);
      writes.push(performance.now() - started);
      rssImportPeak = Math.max(rssImportPeak, rssMb());
      await sleep(100);
    }
  })();
  const importStarted = performance.now();
  const report = await (
    await fetch(`${base}/api/travelers/bulk-import`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/csv' },
      body: csv,
    })
  ).json();
  const importMs = performance.now() - importStarted;
  importing = false;
  await probe;
  if (report.imported !== N) throw new Error(`import: ${JSON.stringify(report).slice(0, 300)}`);
  await sleep(3000);

  // Two exports at once, health polled, RSS sampled.
  const rssBeforeExport = rssMb();
  let rssExportPeak = rssBeforeExport;
  let exporting = true;
  const health = [];
  const healthProbe = (async () => {
    while (exporting) {
      const started = performance.now();
      await (await fetch(`${base}/api/health`)).json();
      health.push(performance.now() - started);
      rssExportPeak = Math.max(rssExportPeak, rssMb());
      await sleep(50);
    }
  })();
  const exportStarted = performance.now();
  const sizes = await Promise.all(
    [1, 2].map(async () => {
      const res = await fetch(`${base}/api/travelers/export`, { headers });
      let bytes = 0;
      for await (const chunk of res.body) bytes += chunk.byteLength;
      return bytes;
    }),
  );
  const exportMs = performance.now() - exportStarted;
  const third = await fetch(`${base}/api/travelers/export`, { headers });
  await third.arrayBuffer();
  exporting = false;
  await healthProbe;

  const result = {
    name: 'travelers-transfer',
    database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
    travelers: N,
    import: {
      ms: Math.round(importMs),
      rowsPerSecond: Math.round(N / (importMs / 1000)),
      chunks: importLog?.chunks ?? null,
      longestChunkTransactionMs: importLog?.longestChunkMs ?? null,
      probeWrites: writes.length,
      probeWriteP50Ms: +percentile(writes, 50).toFixed(1),
      probeWriteMaxMs: +Math.max(...writes).toFixed(1),
      rssBeforeMb: rssBeforeImport,
      rssPeakMb: rssImportPeak,
    },
    export: {
      concurrent: 2,
      ms: Math.round(exportMs),
      bytesEach: sizes,
      rssBeforeMb: rssBeforeExport,
      rssPeakMb: rssExportPeak,
      healthRequests: health.length,
      healthP50Ms: +percentile(health, 50).toFixed(1),
      healthMaxMs: +Math.max(...health).toFixed(1),
    },
    at: new Date().toISOString(),
  };
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(
    path.join(root, 'bench/results/travelers-transfer.json'),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  console.log(JSON.stringify(result, null, 2));
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(work, { recursive: true, force: true });
}
