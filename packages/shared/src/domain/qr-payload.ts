/**
 * The QR payload of a pre-arrival submission (docs/qr-payload.md): "BH<version>:" + base45 of the
 * deflate-raw compressed JSON, with null, false and empty values left out (the decoder puts them
 * back). Alphanumeric QR mode holds it; the longest accepted text fits a version 25 QR code at
 * error correction level M. Compression is the platform's (CompressionStream), so encode and
 * decode are asynchronous and run the same in browsers and Node 20.
 */

import { isRecord, strictShape } from '../schemas/common.ts';
import { type RecordedConsent, recordedConsentSchema } from '../schemas/consent.ts';
import { normaliseDeclarationForm } from '../schemas/declaration.ts';
import {
  completePreArrival,
  type PreArrivalSubmission,
  preArrivalSubmissionSchema,
} from '../schemas/pre-arrival.ts';
import { type FieldErrors, validateWith } from '../schemas/validate.ts';
import { base45Decode, base45Encode } from './base45.ts';

/**
 * Version 2 adds the post of arrival (`post`, a post code), version 3 the traveller's consent to
 * the privacy notice (`consent`: notice version and time). A payload is written in the lowest
 * version that holds it: with a consent 3, else with a post 2, else 1 (docs/qr-payload.md).
 */
export const QR_PAYLOAD_VERSION = 3;
/** The top-level keys each version may carry: any other key is not ours (reason `format`). */
const VERSION_KEYS: ReadonlyMap<number, ReadonlySet<string>> = new Map([
  [1, new Set(['traveler', 'declaration'])],
  [2, new Set(['traveler', 'declaration', 'post'])],
  [3, new Set(['traveler', 'declaration', 'post', 'consent'])],
]);
const prefixOf = (version: number) => `BH${version}:`;
/** Characters a version 25 QR code holds at level M in alphanumeric mode (8000 data bits). */
export const QR_PAYLOAD_MAX_CHARS = 1451;
/** Largest JSON the decoder inflates: well above any valid submission, it stops deflate bombs. */
const MAX_JSON_BYTES = 32_768;

/** Why a scanned text is not a payload: i18n keys qr.errors.<reason> in the app. */
export type QrPayloadError = 'format' | 'version' | 'size' | 'invalid';

export type QrDecodeResult =
  /** `consent`: what a version-3 payload carries; null for versions 1 and 2. */
  | { ok: true; value: PreArrivalSubmission; consent: RecordedConsent | null }
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
  // A stream of the bytes made directly, not Blob.stream(): jsdom's Blob has none, and the web
  // app's component tests read codes too.
  const source = new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  const reader = source.pipeThrough(transform).getReader();
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

/** A version-3 payload: the submission and the consent (required). */
const qrConsentPayloadSchema = strictShape({
  ...preArrivalSubmissionSchema.shape,
  consent: recordedConsentSchema,
});

/** The version a payload is written in: the lowest that holds what it carries. */
const versionOf = (submission: PreArrivalSubmission, consent: RecordedConsent | null) =>
  consent ? QR_PAYLOAD_VERSION : submission.post ? 2 : 1;

/**
 * The payload text of a valid submission with the consent the traveller gave (version 3), or
 * 'size' when it would not fit the QR code.
 */
export async function encodeQrPayload(
  submission: PreArrivalSubmission,
  consent: RecordedConsent | null = null,
): Promise<QrEncodeResult> {
  const payload = consent ? { ...submission, consent } : submission;
  const json = new TextEncoder().encode(JSON.stringify(compact(payload)));
  const deflated = await pipe(json, new CompressionStream('deflate-raw'), Number.POSITIVE_INFINITY);
  const text = prefixOf(versionOf(submission, consent)) + base45Encode(deflated ?? new Uint8Array());
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
  const keys = VERSION_KEYS.get(Number(version));
  if (!keys) return { ok: false, reason: 'version' };
  const bytes = base45Decode(text.slice(prefixOf(Number(version)).length));
  if (!bytes) return { ok: false, reason: 'format' };
  const json = await inflate(bytes);
  if (json === null) return { ok: false, reason: 'format' };
  if (json === 'size') return { ok: false, reason: 'size' };
  const data = parseJson(json);
  if (!isRecord(data)) return { ok: false, reason: 'format' };
  // A key the version does not have (a post in version 1, a consent before version 3) is not ours.
  if (Object.keys(data).some((key) => !keys.has(key))) return { ok: false, reason: 'format' };
  const submission = {
    traveler: data.traveler,
    declaration: normaliseDeclarationForm(data.declaration),
    ...(data.post === undefined ? {} : { post: data.post }),
  };
  if (Number(version) === 3) {
    // Version 3 is the version of a consent: one without is refused with the field's error.
    const result = validateWith(qrConsentPayloadSchema, { ...submission, consent: data.consent });
    if (!result.ok) return { ok: false, reason: 'invalid', errors: result.errors };
    const { consent, ...rest } = result.value;
    return { ok: true, value: completePreArrival(rest), consent };
  }
  const result = validateWith(preArrivalSubmissionSchema, submission);
  if (!result.ok) return { ok: false, reason: 'invalid', errors: result.errors };
  return { ok: true, value: completePreArrival(result.value), consent: null };
}
