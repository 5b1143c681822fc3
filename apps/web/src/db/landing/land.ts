/**
 * Landing a fresh pull's records: a transaction marked by `landInTransaction` puts the records
 * of the marked stores into packed rows instead of their stores.
 */
import type { DBCoreTable, DBCoreTransaction } from 'dexie';
import type { LocalRecord } from '../records.ts';
import { closedRange } from './key-range.ts';
import {
  addKnownRow,
  bump,
  type KeysInfo,
  LANDING_ROW_SIZE,
  type Landing,
  type LandingRow,
  landingTable,
  rowKey,
  sync,
  withdraw,
} from './rows.ts';
import { currentTrans, type Step, wait } from './zone.ts';

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

/** Whether `trans`'s puts on `store` land. */
export const landsIn = (trans: DBCoreTransaction, store: string) =>
  landingTransactions.get(trans)?.has(store) ?? false;

/**
 * Lands `records` of `table`'s store in rows of LANDING_ROW_SIZE. A record already landed in an
 * earlier row (pulled twice) leaves it: the later copy is the newer. A record the store holds
 * (written by the careful path or hydrated while the pull went on) is written there instead: the
 * store's keys in the records' id range are read first, one request, cheap while the store is
 * nearly empty, as it is during a fresh pull.
 */
export function* land(
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
  const { result } = yield* wait(
    table.query({
      trans,
      values: false,
      query: { index: table.schema.primaryKey, range: closedRange(lo, hi) },
    }),
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
  const values: LandingRow[] = [];
  for (let i = 0; i < records.length; i += LANDING_ROW_SIZE) {
    const slice = records.slice(i, i + LANDING_ROW_SIZE);
    const n = known.next++;
    const ids = slice.map((r) => r.id);
    const times = slice.map((r) => Number(r.lastModified) || 0);
    const row: KeysInfo = { store, from: Math.min(...times), to: Math.max(...times), ids };
    values.push({ key: rowKey('r', n), store, records: slice }, { key: rowKey('k', n), ...row });
    addKnownRow(known, n, row);
  }
  if (values.length === 0) return;
  yield* wait(landingTable(l).mutate({ trans, type: 'put', values }));
  yield* bump(l, trans);
}
