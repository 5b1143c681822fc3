/**
 * Records stored encrypted (issue 33 point 1, docs/decisions/016-encryption-at-rest.md). A record
 * of a table with private fields (the shared registry's `privateFields`) is stored with those
 * fields taken out and sealed together into one envelope, `sealed: { v, d }`: AES-256-GCM under the
 * device's key, `d` the 12-byte IV then the ciphertext and tag, with the table, the id and `v` (the
 * record's version when it was sealed) as associated data, so an envelope opens only on the record
 * it was made for. Everything else stays in clear for the sync and the lists.
 *
 * WebCrypto answers with promises that are not IndexedDB's: awaited inside a transaction they let
 * it commit early. So records are sealed before a transaction writes them and opened after one read
 * them, never inside.
 *
 * A database is sealed once the app gave it keys (`setDatabaseKeys`); the app's database is marked
 * as needing them from the start (`requireKeys`), and sealing or opening while it has none throws
 * `DeviceLockedError`: nothing is ever written in clear because the device happened to be locked.
 * A database never marked (unit tests, benches that say so) stores records in clear.
 *
 * The WebCrypto side is sealing-crypto.ts, loaded when the device is unlocked or a record is first
 * sealed or opened: no route's JavaScript carries it (the bundle budgets).
 */
import { privateFieldsOf, type SyncTable } from '@bh/shared';
import type { DeviceKeys } from '../lib/device-key.ts';
import { getDeviceKeys, subscribeDeviceKeys } from '../lib/device-lock.ts';

/** An envelope of a record's private fields. */
export interface SealedEnvelope {
  /** The record's version when sealed (part of the associated data). */
  v: number;
  /**
   * IV (12 bytes), then ciphertext and tag, in base64: a string clones the same in every realm
   * and every copy Dexie makes (typed arrays from another realm were copied as plain objects in
   * the jsdom tests), and costs IndexedDB less than a small ArrayBuffer.
   */
  d: string;
}

export class DeviceLockedError extends Error {
  constructor() {
    super('The device is locked');
    this.name = 'DeviceLockedError';
  }
}

/** Per database: its keys, or null while locked; no entry: a database stored in clear. */
const keysByDatabase = new WeakMap<object, DeviceKeys | null>();

/**
 * Gives a database its keys (null: locked). The app's follows the device's (followDeviceKeys).
 * @internal Exported for its tests only (knip --production).
 */
export function setDatabaseKeys(database: object, keys: DeviceKeys | null) {
  keysByDatabase.set(database, keys);
}

/** The app's database: sealed, with the keys of the unlocked device (lib/device-lock.ts). */
export function followDeviceKeys(database: object) {
  keysByDatabase.set(database, getDeviceKeys());
  subscribeDeviceKeys((keys) => {
    keysByDatabase.set(database, keys);
    // Unlocked: the traveller index opens every traveller next.
    if (keys) void loadSealer().catch(() => {});
  });
}

/** The keys to seal with; undefined for a database stored in clear. */
function keysOf(database: object): DeviceKeys | undefined {
  const keys = keysByDatabase.get(database);
  if (keys === null) throw new DeviceLockedError();
  return keys;
}

/** The WebCrypto side (sealing-crypto.ts), loaded at unlock or at the first seal or open. */
type Sealer = typeof import('./sealing-crypto.ts');
let sealer: Sealer | undefined;
let sealerLoad: Promise<Sealer> | undefined;
function loadSealer(): Promise<Sealer> {
  sealerLoad ??= import('./sealing-crypto.ts').then(
    (m) => {
      sealer = m;
      return m;
    },
    (err: unknown) => {
      sealerLoad = undefined; // tried again at the next seal or open
      throw err;
    },
  );
  return sealerLoad;
}

export function isEnvelope(value: unknown): value is SealedEnvelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    'v' in value &&
    typeof value.v === 'number' &&
    'd' in value &&
    typeof value.d === 'string'
  );
}

/** The IV of a record's envelope (unique per sealing), to tell whether it was sealed again. */
export const envelopeIv = (record: Record<string, unknown> | undefined) =>
  record && isEnvelope(record.sealed) ? record.sealed.d.slice(0, 16) : '';

/** True when the record holds any private field of its table in clear. */
function holdsPrivate(fields: readonly string[], record: Record<string, unknown>) {
  for (const f of fields) if (record[f] !== undefined) return true;
  return false;
}

/**
 * `base` with `changes` over it, where the changes carry a new envelope: the private fields `base`
 * holds in clear (a record stored before sealing began) go, the envelope has them.
 */
export function overSealed<R extends Record<string, unknown>>(
  table: SyncTable,
  base: R,
  changes: Record<string, unknown>,
): R {
  const out: R = { ...base, ...changes };
  if (isEnvelope(changes.sealed))
    for (const f of privateFieldsOf(table)) if (changes[f] === undefined) Reflect.deleteProperty(out, f);
  return out;
}

/**
 * The records as stored: their private fields sealed into `sealed`. A record that already has an
 * envelope and private fields in clear (an edit over a stored record) is opened, merged and sealed
 * again; one with no private field in clear stays as it is. In clear for an unsealed database.
 */
export async function sealRecords<R extends Record<string, unknown> & { id: string }>(
  database: object,
  table: SyncTable,
  records: readonly R[],
): Promise<R[]> {
  const fields = privateFieldsOf(table);
  const keys = keysOf(database);
  if (!keys || fields.length === 0) return [...records];
  const { sealRecord } = sealer ?? (await loadSealer());
  return Promise.all(
    records.map((record) =>
      holdsPrivate(fields, record)
        ? sealRecord(keys, table, fields, record, isEnvelope(record.sealed) ? record.sealed : null)
        : record,
    ),
  );
}

/** A record as read: its envelope opened into its fields (a record without one as it is). */
export async function openRecord<T extends { id: string }>(
  database: object,
  table: SyncTable,
  record: T,
): Promise<T> {
  const env: unknown = Reflect.get(record, 'sealed');
  if (!isEnvelope(env)) return record;
  const keys = keysOf(database);
  if (!keys) return record;
  // Fields in clear beside the envelope win, as when sealing (an edit over a stored record).
  // Read inside live queries (useLiveQuery): a promise of another API (WebCrypto, a chunk's
  // import) is awaited through Promise.resolve, which is Dexie's there, or the query goes on
  // outside its zone and its later reads and result are lost (Dexie's rule for queriers).
  const { openFields } = sealer ?? (await Promise.resolve(loadSealer()));
  const out = Object.assign(await Promise.resolve(openFields(keys, table, record.id, env)), record);
  Reflect.deleteProperty(out, 'sealed');
  return out;
}

/** openRecord of each (undefined and null stay). */
export function openRecords<T extends { id: string }>(
  database: object,
  table: SyncTable,
  records: readonly T[],
): Promise<T[]>;
export function openRecords<T extends { id: string }>(
  database: object,
  table: SyncTable,
  records: readonly (T | undefined)[],
): Promise<(T | undefined)[]>;
export function openRecords<T extends { id: string }>(
  database: object,
  table: SyncTable,
  records: readonly (T | undefined)[],
) {
  return Promise.all(records.map((r) => (r ? openRecord(database, table, r) : r)));
}

/**
 * An outbox row's data, opened: a row queued from a sealed record carries the record's envelope
 * (`data.sealed`, opened with the row's table and record id), never the fields in clear.
 */
export async function openData(
  database: object,
  table: SyncTable,
  recordId: string,
  data: Record<string, unknown> | null,
): Promise<Record<string, unknown> | null> {
  if (!data || !isEnvelope(data.sealed)) return data;
  return openRecord(database, table, { ...data, id: recordId }).then(({ id: _id, ...rest }) => rest);
}

/** A file's bytes and description as stored when sealed (the store `fileBlobs`). */
export interface SealedFile {
  /** The file's bytes, sealed with ('fileBlobs', id, 0). */
  bytes: Uint8Array<ArrayBuffer>;
  /** Its name and media type (JSON), sealed with ('fileBlobs', id, 1). */
  about: Uint8Array<ArrayBuffer>;
}

/** Seals a picked file (null for a database stored in clear). */
export async function sealFile(
  database: object,
  id: string,
  blob: Blob,
  name: string,
  type: string,
): Promise<SealedFile | null> {
  const keys = keysOf(database);
  if (!keys) return null;
  return (sealer ?? (await loadSealer())).sealFileWith(keys, id, blob, name, type);
}

/** Opens a sealed file: its bytes as a Blob, its name and type. */
export async function openFile(database: object, id: string, sealed: SealedFile) {
  const keys = keysOf(database);
  if (!keys) throw new DeviceLockedError();
  // Through Promise.resolve, as in openRecord (read inside live queries).
  const { openFileWith } = sealer ?? (await Promise.resolve(loadSealer()));
  return await Promise.resolve(openFileWith(keys, id, sealed));
}
