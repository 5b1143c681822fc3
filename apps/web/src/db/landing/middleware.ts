/**
 * The landing middleware: a Dexie DBCore middleware (the lowest level, under Dexie's own) that
 * answers for the landed stores as if the landed records were in them.
 * - Every transaction over a landed store also takes the `landing` store.
 * - get / getMany: a record missing from its store is looked up among the landed ones.
 * - query / count / openCursor: the landed records in the range are merged in (a cursor over
 *   them is read whole first: only while records are landed, seconds after a fresh pull).
 * - put / add / delete / deleteRange: a landed record written or deleted leaves the landing in
 *   the same transaction, so the store's copy is the only one and hydration cannot bring an older
 *   copy back.
 */
import Dexie, {
  cmp,
  type DBCoreCountRequest,
  type DBCoreCursor,
  type DBCoreGetManyRequest,
  type DBCoreGetRequest,
  type DBCoreIndex,
  type DBCoreMutateRequest,
  type DBCoreMutateResponse,
  type DBCoreOpenCursorRequest,
  type DBCoreQuery,
  type DBCoreQueryRequest,
  type DBCoreTable,
  type DBCoreTransaction,
} from 'dexie';
import type { LocalRecord } from '../records.ts';
import { arrayCursor, type Item, orderItems } from './array-cursor.ts';
import { inRange, meets } from './key-range.ts';
import { land, landsIn } from './land.ts';
import { emptyKnown, LANDING_STORE, type Landing, landedIn, readRows, sync, withdraw } from './rows.ts';
import { co, type Step, wait } from './zone.ts';

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

/** The landing of an opened database. */
export function landingOf(database: Dexie): Landing {
  const landing = landings.get(database);
  if (!landing) throw new Error('landing: the database is not open or has no landing');
  return landing;
}

const isReverse = (direction: DBCoreQueryRequest['direction']) =>
  direction === 'prev' || direction === 'prevunique';

/** A store's table as the app sees it: stored and landed records together. */
function landedTable(l: Landing, table: DBCoreTable): DBCoreTable {
  const name = table.name;
  const primary = table.schema.primaryKey;
  function* has(trans: DBCoreTransaction): Step<boolean> {
    const known = yield* sync(l, trans);
    return (known.where.get(name)?.size ?? 0) > 0;
  }

  /**
   * Every matching item, stored and landed, in index order (then primary key order), at most
   * `limit`. The stored rows are read in the same direction, so that a limit keeps the right end.
   */
  function* items(
    trans: DBCoreTransaction,
    query: DBCoreQuery,
    reverse: boolean,
    limit?: number,
  ): Step<Item<LocalRecord>[]> {
    const keyOf = (index: DBCoreIndex, v: LocalRecord): unknown =>
      index.isPrimaryKey ? v.id : index.extractKey?.(v);
    const direction = reverse ? 'prev' : 'next';
    const stored: LocalRecord[] = (yield* wait(table.query({ trans, values: true, query, limit, direction })))
      .result;
    const landed = yield* landedIn(l, trans, name, query);
    const all = [...stored, ...landed].map((v) => ({
      key: keyOf(query.index, v),
      primaryKey: v.id,
      value: v,
    }));
    return orderItems(all, reverse, limit);
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
    if (req.type === 'put' && landsIn(req.trans, name) && !req.updates) {
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
      if (isReverse(req.direction)) all.reverse();
      return { result: req.limit !== undefined ? all.slice(0, req.limit) : all };
    }
    const found = yield* items(req.trans, req.query, isReverse(req.direction), req.limit);
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
