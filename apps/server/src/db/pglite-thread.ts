/**
 * PGlite on a worker thread (db/pglite-worker.mjs), seen by drizzle as the PGlite it drives:
 * `query`, `exec` and `transaction`. PGlite runs PostgreSQL as WebAssembly on the thread that
 * calls it, and in process it took the server's one thread for every statement: a large sync
 * push spent much of its CPU there while the next push waited to be read and checked. On a
 * thread of its own the statements of one request run while the main thread reads, checks and
 * answers the others (docs/decisions/011-pglite-thread.md).
 *
 * PGlite has one connection: as in process, one statement or one whole transaction runs at a
 * time. The main thread keeps that order: a transaction holds the lock from its BEGIN to its
 * COMMIT or ROLLBACK, and any other statement waits for it.
 */
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { gzip } from 'node:zlib';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/** What drizzle's PGlite driver and migrator call on the client. */
export type PGliteClient = Pick<PGlite, 'query' | 'exec' | 'transaction'>;

const gzipAsync = promisify(gzip);

interface WorkerError {
  message: string;
  name?: string;
  [field: string]: string | undefined;
}
type Reply = { id: number; result?: unknown; error?: WorkerError };
type Ready = { ready: true } | { ready: false; error: WorkerError };

/** An Error carrying the database error's fields (`code` is the SQLSTATE the server reads). */
function toError(e: WorkerError): Error {
  return Object.assign(new Error(e.message), e);
}

export class PGliteThread implements PGliteClient {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  #nextId = 1;
  /** Statements and transactions holding or waiting for the connection. */
  #queued = 0;
  /** Settles when the statement or transaction holding the connection is done. */
  #held: Promise<void> = Promise.resolve();
  #failed: Error | null = null;
  #closing = false;
  #stop: (err: Error) => void = () => {};
  /** Settles if the thread ends without `close()` (see Database.stopped). */
  readonly stopped = new Promise<Error>((resolve) => {
    this.#stop = resolve;
  });

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: Reply) => {
      const waiting = this.#waiting.get(reply.id);
      if (!waiting) return;
      this.#waiting.delete(reply.id);
      if (reply.error) waiting.reject(toError(reply.error));
      else waiting.resolve(reply.result);
    });
    const fail = (err: Error) => {
      this.#failed ??= err;
      for (const { reject } of this.#waiting.values()) reject(err);
      this.#waiting.clear();
      if (!this.#closing) this.#stop(err);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the database thread stopped (exit code ${code})`)));
  }

  /**
   * Starts PGlite on its thread, in `dataDir` (in memory when null); resolves once it is open.
   * `copy`: a tar of a data directory (`dumpDataDir`), gzipped or not, to make the new database from.
   */
  static async open(dataDir: string | null, startParams: string[], copy?: Uint8Array): Promise<PGliteThread> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir, startParams, copy },
    });
    const ready = await new Promise<Ready>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (!ready.ready) {
      await worker.terminate();
      throw toError(ready.error);
    }
    return new PGliteThread(worker);
  }

  #send<T>(message: Record<string, unknown>): Promise<T> {
    if (this.#failed) return Promise.reject(this.#failed);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#waiting.set(id, { resolve: (v) => resolve(v as T), reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  /** Runs `fn` once the connection is free, holding it until `fn` settles. */
  async #exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const before = this.#held;
    let release = () => {};
    this.#held = new Promise<void>((r) => {
      release = r;
    });
    this.#queued++;
    try {
      await before;
      return await fn();
    } finally {
      this.#queued--;
      release();
    }
  }

  /** The one connection: busy or idle, and how many statements or transactions wait for it. */
  use() {
    const waiting = Math.max(0, this.#queued - 1);
    return { max: 1, open: 1, idle: this.#queued === 0 ? 1 : 0, waiting, lost: 0 };
  }

  /**
   * The whole database as a gzipped tar of its data directory (see Database.dumpDataDir). The
   * statements wait only while the files are read; the compression (zlib, off the main thread)
   * runs once they may go on.
   */
  async dumpDataDir(): Promise<Uint8Array> {
    const tar = await this.#exclusive(() => this.#send<Uint8Array>({ op: 'dump' }));
    return new Uint8Array(await gzipAsync(tar));
  }

  #query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    // The parsers drizzle passes (text kept for dates, timestamps, intervals) are the worker's own.
    return this.#send({ op: 'query', sql, params: params ?? [], rowMode: options?.rowMode });
  }

  #exec(sql: string): Promise<Results[]> {
    return this.#send({ op: 'exec', sql });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#exclusive(() => this.#query<T>(sql, params, options));
  }

  exec(sql: string): Promise<Results[]> {
    return this.#exclusive(() => this.#exec(sql));
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#exclusive(async () => {
      await this.#exec('BEGIN');
      let closed = false;
      const tx: Transaction = {
        query: (sql, params, options) => this.#query(sql, params, options),
        sql: () => Promise.reject(new Error('tagged-template queries are not used')),
        exec: (sql) => this.#exec(sql),
        rollback: async () => {
          await this.#exec('ROLLBACK');
          closed = true;
        },
        listen: () => Promise.reject(new Error('LISTEN is not used')),
        get closed() {
          return closed;
        },
      };
      try {
        const result = await callback(tx);
        if (!closed) await this.#exec('COMMIT');
        closed = true;
        return result;
      } catch (err) {
        if (!closed) await this.#exec('ROLLBACK').catch(() => undefined);
        closed = true;
        throw err;
      }
    });
  }

  async close(): Promise<void> {
    this.#closing = true;
    await this.#exclusive(() => this.#send({ op: 'close' }));
    await this.#worker.terminate();
  }
}
