/**
 * The WebCrypto side of sealed records and files (db/sealing.ts, docs/decisions/016-encryption-at-rest.md):
 * AES-256-GCM under the device's key, the IV first, with the table, the id and the version at
 * sealing as associated data. Loaded when the device is unlocked or a record is first sealed or
 * opened, so no route's JavaScript carries it; sealing.ts calls it outside transactions only.
 */
import { base64ToBytes, bytesToBase64 } from '../lib/base64.ts';
import type { DeviceKeys } from '../lib/device-key.ts';
import type { SealedEnvelope, SealedFile } from './sealing.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const aad = (table: string, id: string, v: number) => encoder.encode(`${table}\u0000${id}\u0000${v}`);

/** Encrypts bytes with the associated data: a fresh IV, and the ciphertext with its tag. */
async function encrypt(
  keys: DeviceKeys,
  bytes: Uint8Array<ArrayBuffer>,
  associated: Uint8Array<ArrayBuffer>,
) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: associated }, keys.seal, bytes),
  );
  return { iv, ct };
}

/** Seals bytes with the associated data, the IV first (the files' bytes use this). */
async function sealBytes(
  keys: DeviceKeys,
  bytes: Uint8Array<ArrayBuffer>,
  associated: Uint8Array<ArrayBuffer>,
) {
  const { iv, ct } = await encrypt(keys, bytes, associated);
  const out = new Uint8Array(12 + ct.length);
  out.set(iv);
  out.set(ct, 12);
  return out;
}

async function openBytes(
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

async function sealFields(keys: DeviceKeys, table: string, id: string, v: number, fields: object) {
  const { iv, ct } = await encrypt(keys, encoder.encode(JSON.stringify(fields)), aad(table, id, v));
  // The base64 of IV + ciphertext, without joining them first: 12 bytes are 16 characters whole.
  return { v, d: bytesToBase64(iv) + bytesToBase64(ct) };
}

/** An envelope's fields (an object, whatever the envelope held). */
export async function openFields(keys: DeviceKeys, table: string, id: string, env: SealedEnvelope) {
  const parsed: unknown = JSON.parse(
    decoder.decode(await openBytes(keys, base64ToBytes(env.d), aad(table, id, env.v))),
  );
  return typeof parsed === 'object' && parsed !== null ? parsed : {};
}

/**
 * A record's private fields (`fields`, all of which it may hold in clear) sealed into `sealed`,
 * merged over its envelope's when it has one (an edit over a stored record).
 */
export async function sealRecord<R extends Record<string, unknown> & { id: string }>(
  keys: DeviceKeys,
  table: string,
  fields: readonly string[],
  record: R,
  envelope: SealedEnvelope | null,
): Promise<R> {
  const secret: Record<string, unknown> = envelope
    ? { ...(await openFields(keys, table, record.id, envelope)) }
    : {};
  // The record without its private fields, copied key by key: deleting them from a copy left
  // an object in dictionary mode, which made every later copy of it (the pull's merge of 100,000
  // records) several times slower.
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    if (!fields.includes(key)) out[key] = record[key];
    else if (record[key] !== undefined) secret[key] = record[key];
  }
  out.sealed = await sealFields(keys, table, record.id, Number(record.version) || 0, secret);
  return out as R;
}

/** A picked file's bytes sealed with ('fileBlobs', id, 0), its name and type with ('fileBlobs', id, 1). */
export async function sealFileWith(
  keys: DeviceKeys,
  id: string,
  blob: Blob,
  name: string,
  type: string,
): Promise<SealedFile> {
  const bytes = await sealBytes(keys, new Uint8Array(await blob.arrayBuffer()), aad('fileBlobs', id, 0));
  const about = await sealBytes(
    keys,
    encoder.encode(JSON.stringify({ name, type })),
    aad('fileBlobs', id, 1),
  );
  return { bytes, about };
}

/** Opens a sealed file: its bytes as a Blob, its name and type. */
export async function openFileWith(keys: DeviceKeys, id: string, sealed: SealedFile) {
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
