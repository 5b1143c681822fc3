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
  subscribeDeviceKeys((keys) => keysByDatabase.set(database, keys));
}

/** The keys to seal with; undefined for a database stored in clear. */
function keysOf(database: object): DeviceKeys | undefined {
  const keys = keysByDatabase.get(database);
  if (keys === null) throw new DeviceLockedError();
  return keys;
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

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const aad = (table: string, id: string, v: number) => encoder.encode(`${table}\u0000${id}\u0000${v}`);

/** Seals bytes with the associated data (the files' bytes use this too). */
export async function sealBytes(
  keys: DeviceKeys,
  bytes: Uint8Array<ArrayBuffer>,
  associated: Uint8Array<ArrayBuffer>,
) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: associated }, keys.seal, bytes),
  );
  const out = new Uint8Array(12 + ct.length);
  out.set(iv);
  out.set(ct, 12);
  return out;
}

export async function openBytes(
  keys: DeviceKeys,
  sealed: Uint8Array<ArrayBuffer>,
  associated: Uint8Array<ArrayBuffer>,
) {
  return new Uint8Array(
    await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: sealed.subarray(0, 12), additionalData: associated },
      keys.seal,
      sealed.subarray(12),
    ),
  );
}

function toB64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function fromB64(text: string): Uint8Array<ArrayBuffer> {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

async function sealFields(keys: DeviceKeys, table: string, id: string, v: number, fields: object) {
  const d = toB64(await sealBytes(keys, encoder.encode(JSON.stringify(fields)), aad(table, id, v)));
  return { v, d };
}

async function openFields(keys: DeviceKeys, table: string, id: string, env: SealedEnvelope) {
  const parsed: unknown = JSON.parse(
    decoder.decode(await openBytes(keys, fromB64(env.d), aad(table, id, env.v))),
  );
  return typeof parsed === 'object' && parsed !== null ? parsed : {};
}

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
  return Promise.all(
    records.map(async (record) => {
      if (!holdsPrivate(fields, record)) return record;
      const secret: Record<string, unknown> = isEnvelope(record.sealed)
        ? { ...(await openFields(keys, table, record.id, record.sealed)) }
        : {};
      const out: R = { ...record };
      for (const f of fields) {
        if (out[f] !== undefined) secret[f] = out[f];
        Reflect.deleteProperty(out, f);
      }
      Reflect.set(
        out,
        'sealed',
        await sealFields(keys, table, record.id, Number(record.version) || 0, secret),
      );
      return out;
    }),
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
  const out = Object.assign(await openFields(keys, table, record.id, env), record);
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
  const bytes = await sealBytes(keys, new Uint8Array(await blob.arrayBuffer()), aad('fileBlobs', id, 0));
  const about = await sealBytes(
    keys,
    encoder.encode(JSON.stringify({ name, type })),
    aad('fileBlobs', id, 1),
  );
  return { bytes, about };
}

/** Opens a sealed file: its bytes as a Blob, its name and type. */
export async function openFile(database: object, id: string, sealed: SealedFile) {
  const keys = keysOf(database);
  if (!keys) throw new DeviceLockedError();
  const about: unknown = JSON.parse(
    decoder.decode(await openBytes(keys, sealed.about, aad('fileBlobs', id, 1))),
  );
  const name =
    typeof about === 'object' && about !== null && 'name' in about && typeof about.name === 'string'
      ? about.name
      : 'file';
  const type =
    typeof about === 'object' && about !== null && 'type' in about && typeof about.type === 'string'
      ? about.type
      : '';
  const bytes = await openBytes(keys, sealed.bytes, aad('fileBlobs', id, 0));
  return { blob: new Blob([bytes], { type }), name, type };
}
