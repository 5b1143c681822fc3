#!/usr/bin/env node
// Ours / peer from the same `npm run bench`: bench/results/sync.json (our engine, 10,000 offline
// travellers to the server) against bench/results/peer.json (PouchDB replicate, batch_size 500,
// same-origin median). Refuses results more than an hour apart (another run, maybe another
// machine). Also bench/results/sync-postgres.json, the same bench with the server on PostgreSQL
// 15, when that run is there. Writes bench/results/compare.json; exits 1 below the 3.5x target.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeResult } from '../bench/travelers-fixture.mjs';

const results = path.resolve(import.meta.dirname, '../bench/results');
const read = (name) => JSON.parse(readFileSync(path.join(results, name), 'utf8'));
const ours = read('sync.json');
const peer = read('peer.json');
const TARGET = 3.5;
/** Results at most an hour apart: the same `npm run bench`, on the same machine. */
const sameRun = (result) => Math.abs(Date.parse(result.date) - Date.parse(peer.finishedAt)) < 3_600_000;
if (!sameRun(ours)) {
  console.error('sync.json and peer.json are not from the same run: run `npm run bench -- sync`');
  process.exit(1);
}
const mode = peer.summary['same-origin'] ?? Object.values(peer.summary)[0];
const peerRate = mode.replicateBatch500.median;
const ratio = ours.offlineToServer.recordsPerSec / peerRate;
// The same bench on PostgreSQL, from the same `npm run bench` (absent without PostgreSQL's binaries).
let onPostgres = null;
try {
  const pg = read('sync-postgres.json');
  if (sameRun(pg) && pg.records === ours.records) onPostgres = pg;
} catch {
  // not run
}
const pgRatio = onPostgres ? onPostgres.offlineToServer.recordsPerSec / peerRate : null;
writeResult('compare', {
  bench: 'compare',
  date: new Date().toISOString(),
  machine: {
    cpu: peer.env?.cpu ?? os.cpus()[0]?.model,
    cpus: os.cpus().length,
    chromium: peer.env?.chromium,
  },
  records: { ours: ours.records, peer: peer.config.n },
  oursRecordsPerSec: ours.offlineToServer.recordsPerSec,
  oursDatabase: ours.database,
  oursLoadAverage: ours.loadAverage ?? null,
  oursIdbTransactionsPer100Records: ours.offlineToServer.idbTransactionsPer100Records,
  peerReplicateBatch500RecordsPerSec: peerRate,
  peerReplicateBatch500Range: [mode.replicateBatch500.min, mode.replicateBatch500.max],
  peerLocalWriteRecordsPerSec: mode.localWriteBulkDocs500.median,
  oursLocalWriteRecordsPerSec: ours.localWrite.recordsPerSec,
  ratio: Number(ratio.toFixed(2)),
  // PouchDB's replicate(local, remote) only pushes; ours above includes the pull that follows.
  oursPushOnlyRecordsPerSec: ours.offlineToServer.pushOnlyRecordsPerSec ?? null,
  ratioPushOnly: ours.offlineToServer.pushOnlyRecordsPerSec
    ? Number((ours.offlineToServer.pushOnlyRecordsPerSec / peerRate).toFixed(2))
    : null,
  // Until every record shows "synced" on the device (the acknowledgement journal folded after
  // the run): PouchDB's replicate writes nothing back per document.
  oursUntilSettledLocallyMs: ours.offlineToServer.untilSettledLocallyMs ?? null,
  // The server on PostgreSQL 15 (fsync, synchronous commit and full-page writes on) instead.
  postgres: onPostgres
    ? {
        recordsPerSec: onPostgres.offlineToServer.recordsPerSec,
        samplesRecordsPerSec: onPostgres.offlineToServer.samplesRecordsPerSec,
        ratio: Number(pgRatio.toFixed(2)),
        cpuMs: onPostgres.offlineToServer.cpuMs,
        pass: pgRatio >= TARGET && onPostgres.offlineToServer.onServer === onPostgres.records,
      }
    : null,
  target: TARGET,
  pass: ratio >= TARGET && ours.offlineToServer.onServer === ours.records,
});
console.log(`\nours / peer = ${ours.offlineToServer.recordsPerSec} / ${peerRate} = ${ratio.toFixed(2)}x`);
if (onPostgres)
  console.log(
    `on PostgreSQL: ${onPostgres.offlineToServer.recordsPerSec} / ${peerRate} = ${pgRatio.toFixed(2)}x`,
  );
if (ours.offlineToServer.pushOnlyRecordsPerSec)
  console.log(
    `push only (until every record is on the server): ${ours.offlineToServer.pushOnlyRecordsPerSec} / ${peerRate} = ${(ours.offlineToServer.pushOnlyRecordsPerSec / peerRate).toFixed(2)}x`,
  );
if (ours.offlineToServer.untilSettledLocallyMs)
  console.log(
    `every record synced on the device (journal folded) after ${ours.offlineToServer.untilSettledLocallyMs} ms (whole run ${ours.offlineToServer.ms} ms)`,
  );
if (ratio < TARGET || (pgRatio !== null && pgRatio < TARGET)) process.exit(1);
