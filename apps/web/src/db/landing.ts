/**
 * Landing: a fresh device's first pull stores its records packed, several hundred to a row, and
 * moves them into their stores afterwards, in the background ("hydration").
 *
 * Why: Chromium pays each IndexedDB request, not each byte. On the project's 2-core machines a put
 * costs the browser process 110-200 µs whatever the record's size (100,000 travellers of 540
 * bytes: 8.4-14.5 s with the travellers' two indexes or none, raw IndexedDB, 2,000 puts per
 * transaction), while the same records packed 100 to a value took 0.9 s. A fresh device's pull
 * of 100,000 travellers was IndexedDB-bound at 15-19 s; landed, it is bound by the server.
 *
 * How it stays invisible: a Dexie middleware (the lowest level, under Dexie's own) answers for the
 * landed stores as if the landed records were in them.
 * - Every transaction over a landed store also takes the `landing` store.
 * - get / getMany: a record missing from its store is looked up among the landed ones.
 * - query / count / openCursor: the landed records in the range are merged in (a cursor over
 *   them is read whole first: only while records are landed, seconds after a fresh pull).
 * - put / add / delete / deleteRange: a landed record written or deleted leaves the landing in
 *   the same transaction, so the store's copy is the only one and hydration cannot bring an older
 *   copy back.
 * Invariant: a record id is in at most one landed row, and never both landed and in its store.
 *
 * The landing store holds, per landed row n: `r:n` (the records) and `k:n` (their ids, what a tab
 * needs to know where each record is), and `gen`, bumped by every change. Each tab keeps the ids
 * in memory and re-reads the `k:` rows when `gen` differs from what it last saw (another tab
 * landed or hydrated meanwhile): one request per guarded operation.
 */
import Dexie, {
  cmp,
  type DBCore,
  type DBCoreCountRequest,
  type DBCoreCursor,
  type DBCoreGetManyRequest,
  type DBCoreGetRequest,
  type DBCoreIndex,
  type DBCoreKeyRange,
  type DBCoreMutateRequest,
  type DBCoreMutateResponse,
  type DBCoreOpenCursorRequest,
  type DBCoreQuery,
  type DBCoreQueryRequest,
  type DBCoreTable,
  type DBCoreTransaction,
} from 'dexie';
import type { LocalRecord, PWADatabase } from './database.ts';

export const LANDING_STORE = 'landing';
/** Records per landed row: a row is read whole to answer for one of its records. */
export const LANDING_ROW_SIZE = 500;

interface GenRow {
  key: 'gen';
  gen: number;
  /** The number of the next landed row. */
  next: number;
}
interface RecordsRow {
  key: string;
  store: string;
  records: LocalRecord[];
}
interface KeysRow {
  key: string;
  store: string;
  /** The lowest and highest lastModified of the row's records. */
  from: number;
  to: number;
  ids: string[];
}

/** Row keys sort by number: `r:000000000012`. */
const rowKey = (kind: 'r' | 'k', n: number) => `${kind}:${String(n).padStart(12, '0')}`;
const rowNumber = (key: string) => Number(key.slice(2));

/** What a tab knows of the landing: valid while `gen` matches the stored one. */
interface Known {
  gen: number;
  next: number;
  rows: Map<number, Omit<KeysRow, 'key'>>;
  /** store -> id -> landed row number */
  where: Map<string, Map<string, number>>;
}

const emptyKnown = (): Known => ({ gen: -1, next: 1, rows: new Map(), where: new Map() });

interface Landing {
  down: DBCore;
  known: Known;
  stores: ReadonlySet<string>;
}

const landings = new WeakMap<Dexie, Landing>();

/** Installs the landing middleware on `database` for `stores` (call in the constructor). */
export function installLanding(database: Dexie, stores: readonly string[]) {
  const storeSet = new Set(stores);
  database.use({
    stack: 'dbcore',
    name: 'landing',
    // Below Dexie's own middlewares: hooks, observation and caches see landed records as stored.
    level: -10,
    create(down) {
      const landing: Landing = { down, known: emptyKnown(), stores: storeSet };
      landings.set(database, landing);
      return {
        ...down,
        transaction(names, mode, options) {
          const widened =
            names.some((n) => storeSet.has(n)) && !names.includes(LANDING_STORE)
              ? [...names, LANDING_STORE]
              : names;
          return down.transaction(widened, mode, options);
        },
        table(name) {
          const table = down.table(name);
          return storeSet.has(name) ? landedTable(landing, table) : table;
        },
      };
    },
  });
}

function landingOf(database: Dexie): Landing {
  const landing = landings.get(database);
  if (!landing) throw new Error('landing: the database is not open or has no landing');
  return landing;
}

const landingTable = (l: Landing) => l.down.table(LANDING_STORE);

/**
 * The middleware's steps are generators run on Dexie's own promises (`co`), not async functions:
 * Dexie keeps its transaction zone across its own promise callbacks, while each native await
 * spends one of the few zone "echoes" it grants its caller, and the caller's next operation then
 * ran outside its transaction (PrematureCommitError). A step waits with `yield* wait(promise)`.
 */
type Step<T> = Generator<PromiseLike<unknown>, T, never>;

function* wait<T>(promise: PromiseLike<T>): Generator<PromiseLike<T>, T, T> {
  return yield promise;
}

function co<T>(step: Step<T>): Promise<T> {
  return new Dexie.Promise<T>((resolve, reject) => {
    const next = (value?: unknown, failed = false) => {
      let r: IteratorResult<PromiseLike<unknown>, T>;
      try {
        // The value is what the promise yielded by `wait` resolved to: its own type.
        r = failed ? step.throw(value) : step.next(value as never);
      } catch (error) {
        reject(error);
        return;
      }
      if (r.done) resolve(r.value);
      else
        Dexie.Promise.resolve(r.value).then(
          (v) => next(v),
          (e: unknown) => next(e, true),
        );
    };
    next();
  });
}

/** Brings the tab's knowledge up to date with the stored landing (one request when it is). */
function* sync(l: Landing, trans: DBCoreTransaction): Step<Known> {
  const table = landingTable(l);
  const gen: GenRow | undefined = yield* wait(table.get({ trans, key: 'gen' }));
  const stored = gen?.gen ?? 0;
  if (stored === l.known.gen) return l.known;
  const known = emptyKnown();
  known.gen = stored;
  known.next = gen?.next ?? 1;
  if (gen) {
    const { result } = yield* wait(
      table.query({
        trans,
        values: true,
        query: { index: table.schema.primaryKey, range: prefixRange('k:') },
      }),
    );
    const rows: KeysRow[] = result;
    for (const row of rows) addKnownRow(known, rowNumber(row.key), row);
  }
  l.known = known;
  return known;
}

function addKnownRow(known: Known, n: number, row: Omit<KeysRow, 'key'>) {
  known.rows.set(n, { store: row.store, from: row.from, to: row.to, ids: row.ids });
  const where = known.where.get(row.store) ?? new Map<string, number>();
  known.where.set(row.store, where);
  for (const id of row.ids) where.set(id, n);
}

function prefixRange(prefix: string): DBCoreKeyRange {
  return { type: 2, lower: prefix, upper: `${prefix}\uffff`, lowerOpen: false, upperOpen: false };
}

function* bump(l: Landing, trans: DBCoreTransaction): Step<void> {
  const known = l.known;
  known.gen = Math.max(known.gen, 0) + 1;
  const gen: GenRow = { key: 'gen', gen: known.gen, next: known.next };
  yield* wait(landingTable(l).mutate({ trans, type: 'put', values: [gen] }));
}

function* readRows(
  l: Landing,
  trans: DBCoreTransaction,
  numbers: readonly number[],
): Step<(RecordsRow | undefined)[]> {
  return yield* wait(landingTable(l).getMany({ trans, keys: numbers.map((n) => rowKey('r', n)) }));
}

/**
 * Takes `ids` of `store` out of the landing (they are about to be written or deleted in the store).
 * Rows left empty are deleted; the others are rewritten without them.
 */
function* withdraw(l: Landing, trans: DBCoreTransaction, store: string, ids: readonly string[]): Step<void> {
  const known = l.known;
  const where = known.where.get(store);
  if (!where) return;
  const byRow = new Map<number, Set<string>>();
  for (const id of ids) {
    const n = where.get(id);
    if (n === undefined) continue;
    const set = byRow.get(n) ?? new Set<string>();
    set.add(id);
    byRow.set(n, set);
  }
  if (byRow.size === 0) return;
  const numbers = [...byRow.keys()];
  const rows = yield* readRows(l, trans, numbers);
  const puts: (RecordsRow | KeysRow)[] = [];
  const deletes: string[] = [];
  numbers.forEach((n, i) => {
    const gone = byRow.get(n) ?? new Set<string>();
    const row = rows[i];
    const info = known.rows.get(n);
    for (const id of gone) where.delete(id);
    if (!row || !info) return;
    const records = row.records.filter((r) => !gone.has(r.id));
    if (records.length === 0) {
      deletes.push(rowKey('r', n), rowKey('k', n));
      known.rows.delete(n);
      return;
    }
    const keptIds = records.map((r) => r.id);
    puts.push(
      { ...row, records },
      { key: rowKey('k', n), store, from: info.from, to: info.to, ids: keptIds },
    );
    info.ids = keptIds;
  });
  const table = landingTable(l);
  if (deletes.length > 0) yield* wait(table.mutate({ trans, type: 'delete', keys: deletes }));
  if (puts.length > 0) yield* wait(table.mutate({ trans, type: 'put', values: puts }));
  yield* bump(l, trans);
}

/** The landed records of `store` (current copies only) in `query`'s range. */
function* landedIn(
  l: Landing,
  trans: DBCoreTransaction,
  store: string,
  query: DBCoreQuery,
): Step<LocalRecord[]> {
  const known = l.known;
  const where = known.where.get(store);
  if (!where || where.size === 0) return [];
  const { index, range } = query;
  let numbers: number[];
  let wanted: (r: LocalRecord) => boolean;
  if (index.isPrimaryKey) {
    const byRow = new Set<number>();
    const ids = new Set<string>();
    for (const [id, n] of where) {
      if (inRange(id, range)) {
        byRow.add(n);
        ids.add(id);
      }
    }
    numbers = [...byRow];
    wanted = (r) => ids.has(r.id);
  } else {
    numbers = [...known.rows].filter(([, row]) => row.store === store).map(([n]) => n);
    // Rows whose records were all written outside the range are skipped unread.
    if (index.keyPath === 'lastModified')
      numbers = numbers.filter((n) => {
        const row = known.rows.get(n);
        return row !== undefined && meets(row.from, row.to, range);
      });
    const extract = index.extractKey;
    wanted = (r) => extract !== null && inRange(extract(r), range);
  }
  if (numbers.length === 0) return [];
  numbers.sort((a, b) => a - b);
  const rows = yield* readRows(l, trans, numbers);
  const out: LocalRecord[] = [];
  rows.forEach((row, i) => {
    const n = numbers[i] ?? -1;
    if (row) for (const r of row.records) if (where.get(r.id) === n && wanted(r)) out.push(r);
  });
  return out;
}

/**
 * Whether keys between `from` and `to` may fall in `range` (DBCoreRangeType: 1 equal, 2 range,
 * 3 any, 0 never); `meets(k, k, range)` is whether the key k is in it.
 */
function meets(from: unknown, to: unknown, range: DBCoreKeyRange): boolean {
  if (range.type === 3) return true;
  if (range.type === 1) return cmp(from, range.lower) <= 0 && cmp(range.lower, to) <= 0;
  if (range.type !== 2) return false;
  if (range.lower !== undefined) {
    const c = cmp(to, range.lower);
    if (c < 0 || (c === 0 && range.lowerOpen)) return false;
  }
  if (range.upper !== undefined) {
    const c = cmp(from, range.upper);
    if (c > 0 || (c === 0 && range.upperOpen)) return false;
  }
  return true;
}

/** Whether `key` is a valid key inside `range`. */
const inRange = (key: unknown, range: DBCoreKeyRange) =>
  key !== undefined && key !== null && validKey(key) && meets(key, key, range);

function validKey(key: unknown): boolean {
  if (typeof key === 'string') return true;
  if (typeof key === 'number') return !Number.isNaN(key);
  if (key instanceof Date) return !Number.isNaN(key.getTime());
  if (Array.isArray(key)) return key.every(validKey);
  return key instanceof ArrayBuffer || ArrayBuffer.isView(key);
}

interface Item {
  key: unknown;
  primaryKey: unknown;
  value: LocalRecord | undefined;
}

/** A store's table as the app sees it: stored and landed records together. */
function landedTable(l: Landing, table: DBCoreTable): DBCoreTable {
  const name = table.name;
  const primary = table.schema.primaryKey;
  function* has(trans: DBCoreTransaction): Step<boolean> {
    const known = yield* sync(l, trans);
    return (known.where.get(name)?.size ?? 0) > 0;
  }

  /** Every matching item, stored and landed, in index order (then primary key order). */
  function* items(
    trans: DBCoreTransaction,
    query: DBCoreQuery,
    reverse: boolean,
    limit?: number,
  ): Step<Item[]> {
    const keyOf = (index: DBCoreIndex, v: LocalRecord): unknown =>
      index.isPrimaryKey ? v.id : index.extractKey?.(v);
    const stored: LocalRecord[] = (yield* wait(table.query({ trans, values: true, query, limit }))).result;
    const landed = yield* landedIn(l, trans, name, query);
    const all: Item[] = [...stored, ...landed].map((v) => ({
      key: keyOf(query.index, v),
      primaryKey: v.id,
      value: v,
    }));
    all.sort((a, b) => cmp(a.key, b.key) || cmp(a.primaryKey, b.primaryKey));
    if (reverse) all.reverse();
    return limit !== undefined && limit < all.length ? all.slice(0, limit) : all;
  }

  return {
    ...table,
    get: (req) => co(get(req)),
    getMany: (req) => co(getMany(req)),
    mutate: (req) => co(mutate(req)),
    query: (req) => co(query(req)),
    count: (req) => co(count(req)),
    openCursor: (req) => co(openCursor(req)),
  };

  function* get(req: DBCoreGetRequest): Step<LocalRecord | undefined> {
    const value: LocalRecord | undefined = yield* wait(table.get(req));
    if (value !== undefined || !(yield* has(req.trans))) return value;
    const n = l.known.where.get(name)?.get(String(req.key));
    if (n === undefined) return undefined;
    const [row] = yield* readRows(l, req.trans, [n]);
    return row?.records.find((r) => r.id === req.key);
  }

  function* getMany(req: DBCoreGetManyRequest): Step<(LocalRecord | undefined)[]> {
    const values: (LocalRecord | undefined)[] = yield* wait(table.getMany(req));
    if (!values.some((v) => v === undefined) || !(yield* has(req.trans))) return values;
    const where = l.known.where.get(name);
    const missing = new Map<number, number[]>(); // row -> positions
    req.keys.forEach((key, i) => {
      const n = values[i] === undefined ? where?.get(String(key)) : undefined;
      if (n === undefined) return;
      const at = missing.get(n);
      if (at) at.push(i);
      else missing.set(n, [i]);
    });
    if (missing.size === 0) return values;
    const numbers = [...missing.keys()];
    const rows = yield* readRows(l, req.trans, numbers);
    const out = [...values];
    numbers.forEach((n, r) => {
      const byId = new Map((rows[r]?.records ?? []).map((rec) => [rec.id, rec]));
      for (const i of missing.get(n) ?? []) out[i] = byId.get(String(req.keys[i]));
    });
    return out;
  }

  function* mutate(req: DBCoreMutateRequest): Step<DBCoreMutateResponse> {
    if (req.type === 'put' && landingTransactions.get(req.trans)?.has(name) && !req.updates) {
      const records: LocalRecord[] = [...req.values];
      yield* land(l, req.trans, table, records);
      const keys = records.map((r) => r.id);
      return { numFailures: 0, failures: {}, lastResult: keys.at(-1), results: keys };
    }
    if (yield* has(req.trans)) {
      const keys: unknown[] =
        req.type === 'deleteRange'
          ? [...(l.known.where.get(name)?.keys() ?? [])].filter((id) => inRange(id, req.range))
          : req.type === 'delete'
            ? req.keys
            : (req.keys ?? req.values.map((v) => primary.extractKey?.(v)));
      yield* withdraw(l, req.trans, name, keys.map(String));
    }
    return yield* wait(table.mutate(req));
  }

  function* query(req: DBCoreQueryRequest): Step<{ result: unknown[] }> {
    if (!(yield* has(req.trans))) return yield* wait(table.query(req));
    const moment = momentKeys(req);
    if (moment) {
      // The keys written at one moment (the traveller index's check of a pulled page): a landed
      // row written at that moment gives its ids without reading its records.
      const stored: unknown[] = (yield* wait(table.query(req))).result;
      const all = [...stored, ...moment].sort(cmp);
      if (req.direction === 'prev' || req.direction === 'prevunique') all.reverse();
      return { result: req.limit !== undefined ? all.slice(0, req.limit) : all };
    }
    const reverse = req.direction === 'prev' || req.direction === 'prevunique';
    const found = yield* items(req.trans, req.query, reverse, req.limit);
    return { result: found.map((it) => (req.values ? it.value : it.primaryKey)) };
  }

  /**
   * The landed primary keys of a keys-only query for one lastModified value, when every landed
   * row that may hold such records was written at that one moment; null otherwise.
   */
  function momentKeys(req: DBCoreQueryRequest): string[] | null {
    const { index, range } = req.query;
    if (req.values || index.keyPath !== 'lastModified' || range.type !== 1) return null;
    const where = l.known.where.get(name);
    const ids: string[] = [];
    for (const [n, row] of l.known.rows) {
      if (row.store !== name || !meets(row.from, row.to, range)) continue;
      if (row.from !== row.to) return null;
      for (const id of row.ids) if (where?.get(id) === n) ids.push(id);
    }
    return ids;
  }

  function* count(req: DBCoreCountRequest): Step<number> {
    const stored = yield* wait(table.count(req));
    if (!(yield* has(req.trans))) return stored;
    const { index, range } = req.query;
    // By primary key the ids known in memory answer; other indexes need the records.
    if (index.isPrimaryKey) {
      let landed = 0;
      for (const id of l.known.where.get(name)?.keys() ?? []) if (inRange(id, range)) landed++;
      return stored + landed;
    }
    return stored + (yield* landedIn(l, req.trans, name, req.query)).length;
  }

  function* openCursor(req: DBCoreOpenCursorRequest): Step<DBCoreCursor | null> {
    if (!(yield* has(req.trans))) return yield* wait(table.openCursor(req));
    const found = yield* items(req.trans, req.query, Boolean(req.reverse));
    return arrayCursor(req.trans, found, Boolean(req.reverse));
  }
}

/** A DBCore cursor over items already read (see Dexie's IndexedDB cursor for the contract). */
function arrayCursor(trans: DBCoreTransaction, items: Item[], reverse: boolean): DBCoreCursor | null {
  if (items.length === 0) return null;
  let at = 0;
  let onNext: (() => void) | null = null;
  let finish: ((value?: unknown) => void) | null = null;
  let failWith: ((error: Error) => void) | null = null;
  let stopped = false;
  const before = (a: Item | undefined, key: unknown, primaryKey?: unknown) => {
    if (!a) return false;
    const c = cmp(a.key, key) * (reverse ? -1 : 1);
    if (c !== 0 || primaryKey === undefined) return c < 0;
    return cmp(a.primaryKey, primaryKey) * (reverse ? -1 : 1) < 0;
  };
  const step = () =>
    queueMicrotask(() => {
      if (stopped) return;
      if (at >= items.length) {
        cursor.done = true;
        stopped = true;
        finish?.();
        return;
      }
      try {
        onNext?.();
      } catch (error) {
        failWith?.(error instanceof Error ? error : new Error(String(error)));
      }
    });
  const current = () => items[Math.min(at, items.length - 1)];
  const cursor: DBCoreCursor & { done: boolean } = {
    trans,
    get key() {
      return current()?.key;
    },
    get primaryKey() {
      return current()?.primaryKey;
    },
    get value() {
      return current()?.value;
    },
    done: false,
    continue(key?: unknown) {
      at++;
      if (key !== undefined) while (at < items.length && before(items[at], key)) at++;
      step();
    },
    continuePrimaryKey(key: unknown, primaryKey: unknown) {
      at++;
      while (at < items.length && before(items[at], key, primaryKey)) at++;
      step();
    },
    advance(count: number) {
      at += count;
      step();
    },
    start(callback: () => void) {
      onNext = callback;
      const iteration = new Dexie.Promise<unknown>((resolve, reject) => {
        finish = resolve;
        failWith = reject;
      });
      step();
      return iteration;
    },
    stop(value?: unknown) {
      stopped = true;
      finish?.(value);
    },
    next() {
      let first = true;
      return this.start(() => {
        if (!first) return this.stop();
        first = false;
        this.continue();
      }).then(() => this);
    },
    fail(error: Error) {
      stopped = true;
      failWith?.(error);
    },
  };
  return cursor;
}

/** Transactions whose puts on some landed stores land (see landInTransaction). */
const landingTransactions = new WeakMap<DBCoreTransaction, Set<string>>();

/**
 * From now on, this transaction's puts on `store` land instead of being stored (a fresh device's
 * first pull: pull.ts). Call inside a read-write Dexie transaction over the store.
 */
export function landInTransaction(store: string) {
  const trans = currentTrans();
  const stores = landingTransactions.get(trans) ?? new Set<string>();
  stores.add(store);
  landingTransactions.set(trans, stores);
}

/**
 * Lands `records` of `table`'s store in rows of LANDING_ROW_SIZE. A record already landed in an
 * earlier row (pulled twice) leaves it: the later copy is the newer. A record the store holds
 * (written by the careful path or hydrated while the pull went on) is written there instead: the
 * store's keys in the records' id range are read first, one request, cheap while the store is
 * nearly empty, as it is during a fresh pull.
 */
function* land(
  l: Landing,
  trans: DBCoreTransaction,
  table: DBCoreTable,
  all: readonly LocalRecord[],
): Step<void> {
  const store = table.name;
  const known = yield* sync(l, trans);
  if (all.length === 0) return;
  let lo = all[0]?.id ?? '';
  let hi = lo;
  for (const r of all) {
    if (r.id < lo) lo = r.id;
    if (r.id > hi) hi = r.id;
  }
  const range: DBCoreKeyRange = { type: 2, lower: lo, upper: hi, lowerOpen: false, upperOpen: false };
  const { result } = yield* wait(
    table.query({ trans, values: false, query: { index: table.schema.primaryKey, range } }),
  );
  const keys: unknown[] = result;
  const stored = new Set(keys.map(String));
  const records = stored.size > 0 ? all.filter((r) => !stored.has(r.id)) : all;
  if (stored.size > 0)
    yield* wait(table.mutate({ trans, type: 'put', values: all.filter((r) => stored.has(r.id)) }));
  yield* withdraw(
    l,
    trans,
    store,
    records.map((r) => r.id),
  );
  const values: (RecordsRow | KeysRow)[] = [];
  for (let i = 0; i < records.length; i += LANDING_ROW_SIZE) {
    const slice = records.slice(i, i + LANDING_ROW_SIZE);
    const n = known.next++;
    const ids = slice.map((r) => r.id);
    const times = slice.map((r) => Number(r.lastModified) || 0);
    const row: Omit<KeysRow, 'key'> = { store, from: Math.min(...times), to: Math.max(...times), ids };
    values.push({ key: rowKey('r', n), store, records: slice }, { key: rowKey('k', n), ...row });
    addKnownRow(known, n, row);
  }
  if (values.length === 0) return;
  yield* wait(landingTable(l).mutate({ trans, type: 'put', values }));
  yield* bump(l, trans);
}

/** The running Dexie transaction, as the DBCore layer names it. */
function currentTrans(): DBCoreTransaction {
  const trans: DBCoreTransaction | undefined = Dexie.currentTransaction?.idbtrans;
  if (!trans) throw new Error('landing: call it inside a transaction');
  return trans;
}

/** How many records are landed and not yet in their stores. */
export function landedCount(database: PWADatabase): Promise<number> {
  return database.transaction('r', database.travelers, () =>
    co(
      (function* (): Step<number> {
        const known = yield* sync(landingOf(database), currentTrans());
        let count = 0;
        for (const where of known.where.values()) count += where.size;
        return count;
      })(),
    ),
  );
}

/**
 * Moves the oldest landed row into its store, in one transaction; false when none is left. Written
 * under Dexie's own middlewares: the records were already visible as they are, so no reader (the
 * traveller index, live queries, other tabs) has anything to learn from the move.
 */
function hydrateOne(database: PWADatabase): Promise<boolean> {
  const l = landingOf(database);
  return database.transaction('rw', landedStores(database), () =>
    co(
      (function* (): Step<boolean> {
        const trans = currentTrans();
        const known = yield* sync(l, trans);
        const first = [...known.rows.keys()].sort((a, b) => a - b)[0];
        const info = first === undefined ? undefined : known.rows.get(first);
        if (first === undefined || !info) return false;
        const [row] = yield* readRows(l, trans, [first]);
        // Out of the landing first (its records are then no longer landed), then into the store.
        const where = known.where.get(info.store);
        for (const id of info.ids) if (where?.get(id) === first) where.delete(id);
        known.rows.delete(first);
        yield* wait(
          landingTable(l).mutate({ trans, type: 'delete', keys: [rowKey('r', first), rowKey('k', first)] }),
        );
        yield* bump(l, trans);
        const records = row?.records ?? [];
        if (records.length > 0)
          yield* wait(l.down.table(info.store).mutate({ trans, type: 'put', values: records }));
        return known.rows.size > 0;
      })(),
    ),
  );
}

/** The Dexie tables of the landed stores. */
function landedStores(database: PWADatabase) {
  const l = landingOf(database);
  return database.tables.filter((t) => l.stores.has(t.name));
}

/**
 * Moves every landed record into its store, a row per transaction (the officer's own reads and
 * writes wait for one row at most). Safe in several tabs at once and to interrupt.
 */
export async function hydrateLanding(database: PWADatabase): Promise<void> {
  while (await hydrateOne(database)) {
    // Let the officer's work in between.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
