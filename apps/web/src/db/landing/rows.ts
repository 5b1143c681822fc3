/**
 * The packed rows of the landing store and what a tab knows of them. Per landed row n: `r:n`
 * (the records) and `k:n` (their ids and lastModified span, what a tab needs to know where each
 * record is), and `gen`, bumped by every change. Each tab keeps the ids in memory and re-reads
 * the `k:` rows when `gen` differs from what it last saw (another tab landed or hydrated
 * meanwhile): one request per guarded operation.
 * Invariant: a record id is in at most one landed row, and never both landed and in its store.
 */
import type { DBCore, DBCoreQuery, DBCoreTransaction } from 'dexie';
import type { LocalRecord } from '../records.ts';
import { inRange, meets, prefixRange } from './key-range.ts';
import { type Step, wait } from './zone.ts';

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
export type KeysInfo = Omit<KeysRow, 'key'>;
export type LandingRow = RecordsRow | KeysRow;

/** Row keys sort by number: `r:000000000012`. */
export const rowKey = (kind: 'r' | 'k', n: number) => `${kind}:${String(n).padStart(12, '0')}`;
const rowNumber = (key: string) => Number(key.slice(2));

/** What a tab knows of the landing: valid while `gen` matches the stored one. */
export interface Known {
  gen: number;
  next: number;
  rows: Map<number, KeysInfo>;
  /** store -> id -> landed row number */
  where: Map<string, Map<string, number>>;
}

export const emptyKnown = (): Known => ({ gen: -1, next: 1, rows: new Map(), where: new Map() });

/** One database's landing: the DBCore below the middleware, this tab's knowledge, the landed stores. */
export interface Landing {
  down: DBCore;
  known: Known;
  stores: ReadonlySet<string>;
}

export const landingTable = (l: Landing) => l.down.table(LANDING_STORE);

/** Brings the tab's knowledge up to date with the stored landing (one request when it is). */
export function* sync(l: Landing, trans: DBCoreTransaction): Step<Known> {
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

export function addKnownRow(known: Known, n: number, row: KeysInfo) {
  known.rows.set(n, { store: row.store, from: row.from, to: row.to, ids: row.ids });
  const where = known.where.get(row.store) ?? new Map<string, number>();
  known.where.set(row.store, where);
  for (const id of row.ids) where.set(id, n);
}

/** Stores a new generation: other tabs re-read the `k:` rows. */
export function* bump(l: Landing, trans: DBCoreTransaction): Step<void> {
  const known = l.known;
  known.gen = Math.max(known.gen, 0) + 1;
  const gen: GenRow = { key: 'gen', gen: known.gen, next: known.next };
  yield* wait(landingTable(l).mutate({ trans, type: 'put', values: [gen] }));
}

export function* readRows(
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
export function* withdraw(
  l: Landing,
  trans: DBCoreTransaction,
  store: string,
  ids: readonly string[],
): Step<void> {
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
  const puts: LandingRow[] = [];
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
export function* landedIn(
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
