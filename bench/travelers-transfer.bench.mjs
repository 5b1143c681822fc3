#!/usr/bin/env node
// CSV transfer at scale (issue 13, "Unbounded export"): a real server on a fresh data directory
// imports N travellers through POST /api/travelers/bulk-import while a probe writes one
// traveller every 100 ms (how long does a writer wait for the write lock?), then runs two
// exports of all N at once while /api/health is polled and the server's RSS is sampled.
// Reports: import time and the longest chunk transaction (server log), the slowest probe
// write, RSS before/peak during the exports, /api/health p50/max. Writes
// bench/results/travelers-transfer.json.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { percentile, resultHead, startServer, travelersCsv, writeResult } from './travelers-fixture.mjs';

const N = Number(process.env.BENCH_TRAVELERS_N ?? 100_000);
const port = Number(process.env.BENCH_PORT ?? 3204);
let importLog = null;
const server = await startServer({
  port,
  logLevel: 'info',
  onLogLine: (line) => {
    if (line.includes('traveller import written')) importLog = JSON.parse(line);
  },
});
const { base, headers } = server;
const rssMb = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
try {
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
    ...resultHead('travelers-transfer', N),
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
  writeResult('travelers-transfer', result);
} finally {
  await server.stop();
}
