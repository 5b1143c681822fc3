// PGlite on a thread of its own (worker_threads), driven by db/pglite-thread.ts. Plain
// JavaScript so that node runs it as it is, from the sources (tsx, vitest) and next to the built
// server (scripts/build-server.mjs copies it). One message per statement; the main thread keeps
// transactions whole (db/pglite-thread.ts), so statements arrive in the order they must run.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

if (!parentPort) throw new Error('pglite-worker.mjs runs as a worker thread');
const port = parentPort;

// drizzle's PGlite driver keeps dates, timestamps and intervals (and arrays of them) as the
// text PostgreSQL sends: the same parsers, applied here because functions cannot cross threads.
const same = (value) => value;
const parsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (oid) => [oid, same],
  ),
);

/** The fields of a database error that the server reads (SQLSTATE and where it happened). */
const ERROR_FIELDS = [
  'code',
  'severity',
  'detail',
  'hint',
  'constraint',
  'table',
  'column',
  'schema',
  'where',
];
function errorOf(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const out = { message: err.message, name: err.name };
  for (const key of ERROR_FIELDS) if (typeof err[key] === 'string') out[key] = err[key];
  return out;
}

/** What crosses back of a result: its rows, their fields and the rows a write touched. */
const plain = ({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows });

let db;
try {
  const options = { extensions: { btree_gin, pg_trgm }, startParams: workerData.startParams };
  // A restore, or a test's template: the new database is made from a copy of a data directory,
  // a tar, gzipped (its first two bytes 1f 8b) or not.
  const { copy } = workerData;
  if (copy) {
    const gzipped = copy[0] === 0x1f && copy[1] === 0x8b;
    options.loadDataDir = new Blob([copy], { type: gzipped ? 'application/gzip' : 'application/x-tar' });
  }
  db = workerData.dataDir ? await PGlite.create(workerData.dataDir, options) : await PGlite.create(options);
  port.postMessage({ ready: true });
} catch (err) {
  port.postMessage({ ready: false, error: errorOf(err) });
}

port.on('message', async (message) => {
  const { id, op } = message;
  try {
    if (op === 'query') {
      const result = await db.query(message.sql, message.params, { rowMode: message.rowMode, parsers });
      port.postMessage({ id, result: plain(result) });
    } else if (op === 'exec') {
      port.postMessage({ id, result: (await db.exec(message.sql)).map(plain) });
    } else if (op === 'dump') {
      // A copy of the data directory between two statements (the caller holds the connection).
      // The checkpoint first writes every committed page to its file, so that the copy opens
      // without replaying the write-ahead log.
      await db.exec('CHECKPOINT');
      // Not compressed here: the caller compresses once the connection is free again.
      const tar = new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
      port.postMessage({ id, result: tar }, [tar.buffer]);
    } else if (op === 'close') {
      await db.close();
      port.postMessage({ id, result: null });
    } else {
      throw new Error(`unknown operation ${op}`);
    }
  } catch (err) {
    port.postMessage({ id, error: errorOf(err) });
  }
});
