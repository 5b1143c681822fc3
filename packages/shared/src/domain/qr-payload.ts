/**
 * The QR payload of a pre-arrival submission (docs/qr-payload.md): "BH1:" + base45 of the
 * deflate-raw compressed JSON, with null, false and empty values left out (the decoder puts them
 * back). Alphanumeric QR mode holds it; the longest accepted text fits a version 25 QR code at
 * error correction level M. Compression is the platform's (CompressionStream), so encode and
 * decode are asynchronous and run the same in browsers and Node 20.
 */

import { isRecord } from '../schemas/common.ts';
import { normaliseDeclarationForm } from '../schemas/declaration.ts';
import {
  completePreArrival,
  type PreArrivalSubmission,
  preArrivalSubmissionSchema,
} from '../schemas/pre-arrival.ts';
import { type FieldErrors, validateWith } from '../schemas/validate.ts';
import { base45Decode, base45Encode } from './base45.ts';

/**
 * Version 2 adds the post of arrival (`post`, a post code); a submission without one is still
 * written as version 1, which every reader since the first reads (docs/qr-payload.md).
 */
export const QR_PAYLOAD_VERSION = 2;
const READABLE_VERSIONS = new Set([1, 2]);
const prefixOf = (version: number) => `BH${version}:`;
/** Characters a version 25 QR code holds at level M in alphanumeric mode (8000 data bits). */
export const QR_PAYLOAD_MAX_CHARS = 1451;
/** Largest JSON the decoder inflates: well above any valid submission, it stops deflate bombs. */
const MAX_JSON_BYTES = 32_768;

/** Why a scanned text is not a payload: i18n keys qr.errors.<reason> in the app. */
export type QrPayloadError = 'format' | 'version' | 'size' | 'invalid';

export type QrDecodeResult =
  | { ok: true; value: PreArrivalSubmission }
  | { ok: false; reason: QrPayloadError; errors?: FieldErrors };

export type QrEncodeResult = { ok: true; text: string } | { ok: false; reason: 'size'; length: number };

/** True when the text looks like one of our payloads (any version). */
export const looksLikeQrPayload = (text: string) => /^BH\d+:/.test(text.trim());

/** Drops null, false, empty strings, empty arrays and objects left empty: they are the defaults. */
function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compact);
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const kept = compact(item);
    const empty =
      kept === null ||
      kept === false ||
      kept === '' ||
      (Array.isArray(kept) && kept.length === 0) ||
      (isRecord(kept) && Object.keys(kept).length === 0);
    if (!empty) out[key] = kept;
  }
  return out;
}

async function pipe(
  bytes: Uint8Array<ArrayBuffer>,
  transform: CompressionStream | DecompressionStream,
  limit: number,
) {
  const reader = new Blob([bytes]).stream().pipeThrough(transform).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** The payload text of a valid submission, or 'size' when it would not fit the QR code. */
export async function encodeQrPayload(submission: PreArrivalSubmission): Promise<QrEncodeResult> {
  const json = new TextEncoder().encode(JSON.stringify(compact(submission)));
  const deflated = await pipe(json, new CompressionStream('deflate-raw'), Number.POSITIVE_INFINITY);
  const text =
    prefixOf(submission.post ? QR_PAYLOAD_VERSION : 1) + base45Encode(deflated ?? new Uint8Array());
  if (text.length > QR_PAYLOAD_MAX_CHARS) return { ok: false, reason: 'size', length: text.length };
  return { ok: true, text };
}

async function inflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array | 'size' | null> {
  try {
    return (await pipe(bytes, new DecompressionStream('deflate-raw'), MAX_JSON_BYTES)) ?? 'size';
  } catch {
    return null;
  }
}

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
}

/** Reads a scanned text: the submission, or why it is refused (nothing else happens). */
export async function decodeQrPayload(raw: string): Promise<QrDecodeResult> {
  // Only line breaks are trimmed: a space is a base45 character and may start or end the text.
  const text = raw.replace(/^[\r\n]+|[\r\n]+$/g, '');
  if (text.length > QR_PAYLOAD_MAX_CHARS) return { ok: false, reason: 'size' };
  const version = /^BH(\d+):/.exec(text)?.[1];
  if (version === undefined) return { ok: false, reason: 'format' };
  if (!READABLE_VERSIONS.has(Number(version))) return { ok: false, reason: 'version' };
  const bytes = base45Decode(text.slice(prefixOf(Number(version)).length));
  if (!bytes) return { ok: false, reason: 'format' };
  const json = await inflate(bytes);
  if (json === null) return { ok: false, reason: 'format' };
  if (json === 'size') return { ok: false, reason: 'size' };
  const data = parseJson(json);
  if (!isRecord(data)) return { ok: false, reason: 'format' };
  // Version 1 has no post of arrival: a `post` there is not ours.
  if (Number(version) === 1 && data.post !== undefined) return { ok: false, reason: 'format' };
  const result = validateWith(preArrivalSubmissionSchema, {
    traveler: data.traveler,
    declaration: normaliseDeclarationForm(data.declaration),
    ...(data.post === undefined ? {} : { post: data.post }),
  });
  if (!result.ok) return { ok: false, reason: 'invalid', errors: result.errors };
  return { ok: true, value: completePreArrival(result.value) };
}
